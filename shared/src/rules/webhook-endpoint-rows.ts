import {
  allEventTypes,
  emailEventTypes,
  socialEventTypes,
  type AdditionalEndpointInput,
  type Platform,
  type WebhookUserAccount,
} from '../contract/index.js';
import { webhookMessages } from './webhook-payload.js';

/** One "Additional Endpoints" row: a webhook endpoint (user account) and the event types forwarded to it. */
export interface EndpointRow {
  userAccount: WebhookUserAccount | null;
  eventTypes: readonly string[];
}

/** What the row controls dispatch; `platformChanged` comes from the form when its platform changes. */
export type EndpointRowsChange =
  | { kind: 'add'; index: number }
  | { kind: 'remove'; index: number }
  | { kind: 'account'; index: number; account: WebhookUserAccount | null }
  | { kind: 'eventTypes'; index: number; eventTypes: readonly string[] }
  | { kind: 'platformChanged' };

/** The rows after a change, and the error to show when the change was refused ("Endpoint is already selected"). */
export interface EndpointRowsResult {
  rows: EndpointRow[];
  error: string | null;
}

export const blankEndpointRow = (): EndpointRow => ({ userAccount: null, eventTypes: [] });

/** A form starts with one blank row. */
export const initialEndpointRows = (): EndpointRow[] => [blankEndpointRow()];

/** What a row lacks before "+" may follow it, said next to the row: the field to fill and its text. */
export interface EndpointRowProblem {
  field: 'account' | 'eventTypes';
  message: string;
}

/** The endpoint's placeholder says what to do; spec §5 gives "Select Event Types". */
export const endpointRowMessages = {
  account: 'Select Endpoint',
  eventTypes: webhookMessages.eventTypes,
} as const;

/** Why "+" cannot follow the row (its account first, then its event types), or null when it is complete. */
export function endpointRowProblem(row: EndpointRow | undefined): EndpointRowProblem | null {
  if (!row?.userAccount) return { field: 'account', message: endpointRowMessages.account };
  if (row.eventTypes.length === 0)
    return { field: 'eventTypes', message: endpointRowMessages.eventTypes };
  return null;
}

/** A row "+" may follow: an account and at least one event type. */
export const isCompleteEndpointRow = (row: EndpointRow | undefined): boolean =>
  endpointRowProblem(row) === null;

/** spec §9: the event types an endpoint may take for the platform: heyreach the social ones, the email platforms the email ones, otherwise all fourteen. */
export function endpointEventTypes(platform: Platform | null | undefined): readonly string[] {
  if (platform === 'heyreach') return socialEventTypes;
  if (platform === 'smartlead' || platform === 'instantly' || platform === 'bison')
    return emailEventTypes;
  return allEventTypes;
}

const replaceAt = (rows: readonly EndpointRow[], index: number, row: EndpointRow): EndpointRow[] =>
  rows.map((current, at) => (at === index ? row : current));

/**
 * spec §4 "Additional endpoints":
 * - "+" adds a blank row (after the row it belongs to) only when that row has an account and an event type;
 * - "−" removes the row, or leaves a single blank row when it was the last;
 * - choosing an account another row already uses removes the row it was chosen in, with "Endpoint is already selected";
 * - a platform change empties every row's event types (spec §4 "Webhook update dialog", and create alike).
 */
export function applyEndpointRows(
  rows: readonly EndpointRow[],
  change: EndpointRowsChange,
): EndpointRowsResult {
  const ok = (next: EndpointRow[]): EndpointRowsResult => ({ rows: next, error: null });
  switch (change.kind) {
    case 'add':
      if (!isCompleteEndpointRow(rows[change.index])) return ok([...rows]);
      return ok([
        ...rows.slice(0, change.index + 1),
        blankEndpointRow(),
        ...rows.slice(change.index + 1),
      ]);
    case 'remove': {
      const rest = rows.filter((_, at) => at !== change.index);
      return ok(rest.length === 0 ? initialEndpointRows() : rest);
    }
    case 'account': {
      const row = rows[change.index];
      if (!row) return ok([...rows]);
      const { account } = change;
      if (
        account &&
        rows.some((other, at) => at !== change.index && other.userAccount?.id === account.id)
      ) {
        const rest = rows.filter((_, at) => at !== change.index);
        return {
          rows: rest.length === 0 ? initialEndpointRows() : rest,
          error: webhookMessages.duplicateEndpoint,
        };
      }
      return ok(replaceAt(rows, change.index, { ...row, userAccount: account }));
    }
    case 'eventTypes': {
      const row = rows[change.index];
      return ok(
        row
          ? replaceAt(rows, change.index, { ...row, eventTypes: [...change.eventTypes] })
          : [...rows],
      );
    }
    case 'platformChanged':
      return ok(rows.map((row) => ({ ...row, eventTypes: [] })));
  }
}

/** The rows of a stored webhook (its userAccountWebhooks), or one blank row. */
export function endpointRowsOf(
  endpoints: ReadonlyArray<{ userAccount: WebhookUserAccount; eventTypes: readonly string[] }>,
): EndpointRow[] {
  return endpoints.length === 0
    ? initialEndpointRows()
    : endpoints.map(({ userAccount, eventTypes }) => ({
        userAccount: { ...userAccount },
        eventTypes: [...eventTypes],
      }));
}

/** The payload's additionalEndpoints: rows with an account (a blank row is dropped). */
export function endpointRowsPayload(rows: readonly EndpointRow[]): AdditionalEndpointInput[] {
  return rows.flatMap((row) =>
    row.userAccount
      ? [
          {
            userAccount: { id: row.userAccount.id, description: row.userAccount.description },
            eventTypes: [...row.eventTypes],
          },
        ]
      : [],
  );
}
