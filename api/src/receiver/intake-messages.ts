export type QuotaWindow = 'hour' | 'day';

const inSeconds = (seconds: number) => `${seconds} second${seconds === 1 ? '' : 's'}`;

/** What the receiver answers a platform, and what the owner reads on a refused or malformed post's log row. */
export const intakeMessages = {
  unknownCode: 'No webhook has this URL',
  deleted:
    'This webhook was deleted: create a new webhook in CRM Sync and give the platform its URL',
  noPermission:
    "The webhook's owner may not receive webhook events: an admin can give the webhook permission on the Users screen",
  wrongSecretKey:
    "The post's secret_key is missing or is not the Smartlead secret key this webhook requires: set the same key in Smartlead and in the webhook's settings",
  notJson: (reason: string) => `The body is not valid JSON: ${reason}`,
  tooDeep: (limit: number) =>
    `The body nests arrays and objects more than ${limit} deep: a webhook event is never that deep`,
  empty: 'The body is empty: a webhook event is a JSON object',
  tooLarge: (limitBytes: number) =>
    `The event is larger than ${Math.round(limitBytes / (1024 * 1024))} MB`,
  bodyCut: (keptBytes: number, receivedBytes: number) =>
    `Only the first ${Math.round(keptBytes / 1024)} KB of the body are kept (it had ${receivedBytes} bytes)`,
  flood: (perMinute: number, seconds: number) =>
    `Too many events for this webhook: at most ${perMinute} a minute. Try again in ${inSeconds(seconds)}`,
  unknownFlood: (perMinute: number, seconds: number) =>
    `Too many posts to unknown webhook URLs from this address: at most ${perMinute} a minute. Try again in ${inSeconds(seconds)}`,
  quota: (
    scope: 'webhook' | 'organization',
    limit: number,
    measure: 'events' | 'MB',
    window: QuotaWindow,
    seconds: number,
  ) =>
    `Over the ${scope}'s quota of ${limit} ${measure} ${window === 'hour' ? 'an hour' : 'a day'}. Try again in ${inSeconds(seconds)}`,
  intakeBytes: (megabytesPerMinute: number, seconds: number) =>
    `Too much data for all webhooks together: at most ${megabytesPerMinute} MB a minute. Try again in ${inSeconds(seconds)}`,
} as const;
