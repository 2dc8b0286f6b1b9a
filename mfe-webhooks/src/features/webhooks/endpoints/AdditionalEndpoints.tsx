import { useId, useRef, useState } from 'react';
import { Field, Fieldset, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { Platform, WebhookUserAccount } from 'shared/contract';
import { errorToast } from 'shared/rules';
import { useHost } from 'shared/ui';
import { MultiSelect } from '../inputs/MultiSelect';
import {
  applyEndpointRows,
  endpointEventTypes,
  endpointRowProblem,
  type EndpointRow,
  type EndpointRowsChange,
} from 'shared/rules/webhooks';

export interface AdditionalEndpointsProps {
  rows: readonly EndpointRow[];
  /** The form's platform: it decides which event types are offered (spec §9). */
  platform: Platform | null;
  /** The webhook endpoints (user accounts) of the webhook's profile, e.g. getHubspotOwnersAndUserAccounts' userAccounts or webhook.user.userAccounts. */
  accounts: readonly WebhookUserAccount[];
  onChange: (rows: EndpointRow[]) => void;
  /** Create forms show "Endpoint is already selected" when a chosen account is used twice (spec §4); the update dialogs drop the row silently. */
  reportDuplicate?: boolean;
  disabled?: boolean;
  /** Inside a dialog: the event type list renders in place rather than in a portal. */
  inline?: boolean;
}

export const accountLabel = (account: WebhookUserAccount): string =>
  `${account.description} (${account.url})`;

/** "Additional Endpoints": rows of a webhook endpoint and its event types, with + and − (spec §2, §4). */
export function AdditionalEndpoints({
  rows,
  platform,
  accounts,
  onChange,
  reportDuplicate = false,
  disabled = false,
  inline = false,
}: AdditionalEndpointsProps) {
  const { notify } = useHost();
  const eventTypeOptions = endpointEventTypes(platform).map((type) => ({
    value: type,
    label: type,
  }));
  const change = (rowsChange: EndpointRowsChange) => {
    const result = applyEndpointRows(rows, rowsChange);
    if (result.error && reportDuplicate) notify(errorToast(result.error));
    onChange(result.rows);
  };
  // the row whose "+" was refused: its problem shows, updated as it is filled, until it is complete
  const [refusedRow, setRefusedRow] = useState<number | null>(null);
  const idPrefix = useId();
  const fields = useRef(new Map<string, HTMLElement>());
  const fieldRef = (key: string) => (element: HTMLElement | null) => {
    if (element) fields.current.set(key, element);
    else fields.current.delete(key);
  };
  const add = (index: number) => {
    const problem = endpointRowProblem(rows[index]);
    setRefusedRow(problem ? index : null);
    if (problem) fields.current.get(`${index}-${problem.field}`)?.focus();
    else change({ kind: 'add', index });
  };
  const remove = (index: number) => {
    setRefusedRow(null);
    change({ kind: 'remove', index });
  };
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend>Additional Endpoints</Fieldset.Legend>
      <Stack gap="3" role="list" aria-label="Additional Endpoints">
        {rows.map((row, index) => {
          const position = index + 1;
          const problem = refusedRow === index ? endpointRowProblem(row) : null;
          const problemId = problem ? `${idPrefix}-endpoint-${position}-problem` : undefined;
          return (
            // rows have no id of their own: the position is the row
            <Stack key={index} role="listitem" aria-label={`Endpoint ${position}`} gap="1">
              <HStack align="flex-end" gap="2">
                <Field.Root flex="1" invalid={problem?.field === 'account'}>
                  <Field.Label>Endpoint</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      ref={fieldRef(`${index}-account`)}
                      aria-describedby={problem?.field === 'account' ? problemId : undefined}
                      aria-label={`Endpoint ${position} account`}
                      value={row.userAccount ? String(row.userAccount.id) : ''}
                      onChange={(event) =>
                        change({
                          kind: 'account',
                          index,
                          account:
                            accounts.find(
                              (account) => String(account.id) === event.currentTarget.value,
                            ) ?? null,
                        })
                      }
                    >
                      <option value="">Select Endpoint</option>
                      {/* a stored row whose endpoint is gone from the profile's list still shows */}
                      {row.userAccount &&
                        !accounts.some((account) => account.id === row.userAccount?.id) && (
                          <option value={row.userAccount.id}>
                            {accountLabel(row.userAccount)}
                          </option>
                        )}
                      {accounts.map((account) => (
                        <option key={account.id} value={account.id}>
                          {accountLabel(account)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Stack flex="1">
                  <MultiSelect
                    label="Event Types"
                    hiddenLabelDetail={`of endpoint ${position}`}
                    options={eventTypeOptions}
                    value={row.eventTypes}
                    onChange={(eventTypes) => change({ kind: 'eventTypes', index, eventTypes })}
                    placeholder="Select Event Types"
                    disabled={disabled}
                    inline={inline}
                    triggerRef={fieldRef(`${index}-eventTypes`)}
                    problemId={problem?.field === 'eventTypes' ? problemId : undefined}
                  />
                </Stack>
                <IconButton
                  aria-label={`Add an endpoint after endpoint ${position}`}
                  size="sm"
                  variant="outline"
                  aria-describedby={problemId}
                  onClick={() => add(index)}
                  disabled={disabled}
                >
                  +
                </IconButton>
                <IconButton
                  aria-label={`Remove endpoint ${position}`}
                  size="sm"
                  variant="outline"
                  onClick={() => remove(index)}
                  disabled={disabled}
                >
                  −
                </IconButton>
              </HStack>
              {problem && (
                <Text id={problemId} role="alert" color="fg.error" fontSize="sm">
                  {problem.message}
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Fieldset.Root>
  );
}
