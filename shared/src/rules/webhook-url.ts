/** spec §4 "Webhook create flow": the URL a generated code gives, {server}/webhooks/{code}; empty until there is a code. */
export function webhookUrlOf(server: string, code: string | null): string {
  return code ? `${server.replace(/\/+$/, '')}/webhooks/${code}` : '';
}
