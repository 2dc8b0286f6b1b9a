/** What the event panel says while its code and the event load, and when either could not be loaded. */
export const eventPanelTexts = {
  loading: 'Loading the event…',
  failed: 'The event could not be loaded',
} as const;
