/**
 * spec §5: the snippets a SALESFORCE webhook's Custom Task Subject may use, written {snippet}. The
 * webhook receiver replaces each with the event's value.
 */
export const customTaskSubjectSnippets = [
  'os_sales_engagement_platform',
  'event_type',
  'to_name',
  'to_email',
  'from_email',
  'campaign_name',
  'campaign_id',
  'subject',
  'sequence_number',
  'lead_category_id',
  'lead_category_name',
] as const;
export type CustomTaskSubjectSnippet = (typeof customTaskSubjectSnippets)[number];

/** spec §5: the message when log type is 1 (Task Object) and the subject is not usable. */
export const ENTER_CUSTOM_TASK_SUBJECT = 'Enter Custom Task Subject';

export type CustomTaskSubjectProblem =
  | { kind: 'blank' }
  | { kind: 'unbalanced'; position: number }
  | { kind: 'unknown-snippet'; snippet: string };

const allowed: ReadonlySet<string> = new Set(customTaskSubjectSnippets);

/**
 * What is wrong with a custom task subject, or null when it is usable: it must not be blank, every `{`
 * must be closed by a `}` before the next `{` (no nesting, no stray `}`), and every `{name}` must name
 * one of the allowed snippets exactly (no spaces inside the braces).
 */
export function customTaskSubjectProblem(
  subject: string | null | undefined,
): CustomTaskSubjectProblem | null {
  const value = subject ?? '';
  if (value.trim() === '') return { kind: 'blank' };
  let open = -1;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index];
    if (char === '{') {
      if (open !== -1) return { kind: 'unbalanced', position: index };
      open = index;
    } else if (char === '}') {
      if (open === -1) return { kind: 'unbalanced', position: index };
      const snippet = value.slice(open + 1, index);
      if (!allowed.has(snippet)) return { kind: 'unknown-snippet', snippet };
      open = -1;
    }
  }
  return open === -1 ? null : { kind: 'unbalanced', position: open };
}

/** True when the subject is usable (the input's red border is !isValidCustomTaskSubject). */
export const isValidCustomTaskSubject = (subject: string | null | undefined): boolean =>
  customTaskSubjectProblem(subject) === null;

/** The snippets a subject uses, in order (for previews). */
export function customTaskSubjectSnippetsUsed(subject: string): CustomTaskSubjectSnippet[] {
  return [...subject.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name): name is CustomTaskSubjectSnippet => allowed.has(name));
}
