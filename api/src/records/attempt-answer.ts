/** How much of an answer an attempt's record keeps: an endpoint's answer, or a processing run's steps. */
export const ANSWER_RECORD_CHARS = 1024;
