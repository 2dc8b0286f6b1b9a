import { useMemo, useReducer, useState } from 'react';
import {
  Badge,
  Button,
  Collapsible,
  createListCollection,
  Field,
  HStack,
  Select,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useOperationMutation } from 'shared/client';
import type { Webhook } from 'shared/contract';
import { testVariableTokens } from 'shared/events';
import { failureToast, PERSISTENT, type ToastMessage } from 'shared/rules';
import { invalidJsonText, parseJson } from 'shared/rules/webhooks';
import { TextField } from 'shared/ui';
import { InlineResult } from './InlineResult';
import { JsonEditor } from './JsonEditor';
import {
  invalidJsonToast,
  recipientEmailLabel,
  testDialogTexts,
  testResultToast,
} from './messages';
import { initialTestDialogState, testDialogRules } from './rules';

export interface TestWebhookFormProps {
  webhook: Webhook;
}

const tokensHint = `Accepts variables: ${testVariableTokens.join(', ')}`;

/**
 * The Send Test Webhook dialog's body (spec §2, §5, §8): event type, Test Sync, the recipient, the
 * advanced settings, and the JSON payload as edited, posted to the webhook's test URL.
 */
export function TestWebhookForm({ webhook }: TestWebhookFormProps) {
  // the result of the last Test Sync, shown in the dialog under its button: a toast would lie over the dialog
  const [result, setResult] = useState<ToastMessage | null>(null);
  const platform = webhook.emailService;
  const [state, dispatch] = useReducer(testDialogRules.apply, webhook, (initial) =>
    initialTestDialogState(initial, new Date()),
  );
  const templates = useMemo(
    () =>
      createListCollection({
        items: state.templates.map((template) => ({ value: template.id, label: template.label })),
      }),
    [state.templates],
  );
  const parsed = parseJson(state.payloadText);
  const valid = parsed.valid;
  const send = useOperationMutation('sendTestWebhookEvent', {
    onSuccess: (answer) => setResult(testResultToast(answer)),
    onError: (error) =>
      setResult(failureToast(error, { fallback: testDialogTexts.unexpected, life: PERSISTENT })),
  });

  const testSync = () => {
    if (send.isPending) return;
    if (!valid) return setResult(invalidJsonToast);
    setResult(null);
    send.mutate({ params: { code: webhook.code }, body: testDialogRules.toPayload(state) });
  };
  const recipient = (field: 'name' | 'email' | 'objectLookupId' | 'tags') => ({
    value: state.recipient[field],
    onChange: (value: string) => dispatch({ kind: 'recipient', field, value, at: new Date() }),
  });

  return (
    <Stack gap="4">
      <HStack align="end" gap="3">
        <Select.Root
          collection={templates}
          value={[state.templateId]}
          onValueChange={(details) =>
            details.value[0] &&
            dispatch({ kind: 'template', templateId: details.value[0], at: new Date() })
          }
          positioning={{ sameWidth: true }}
          flex="1"
        >
          <Select.HiddenSelect />
          <Select.Label>Event type</Select.Label>
          <Select.Control>
            <Select.Trigger>
              <Select.ValueText placeholder="Select event type" />
            </Select.Trigger>
            <Select.IndicatorGroup>
              <Select.Indicator />
            </Select.IndicatorGroup>
          </Select.Control>
          {/* inside the dialog, not portalled: a portalled list would sit under the dialog's layer */}
          <Select.Positioner>
            <Select.Content maxH="400px" overflowY="auto">
              {templates.items.map((item) => (
                <Select.Item key={item.value} item={item}>
                  {item.label}
                  <Select.ItemIndicator />
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Positioner>
        </Select.Root>
        <Button
          colorPalette="primary"
          onClick={testSync}
          disabled={!valid || send.isPending}
          loading={send.isPending}
          loadingText={testDialogTexts.testSync}
        >
          {testDialogTexts.testSync}
        </Button>
      </HStack>

      {result && <InlineResult message={result} onDismiss={() => setResult(null)} />}

      <HStack gap="3" align="start">
        <TextField label="Recipient name" {...recipient('name')} />
        <TextField label={recipientEmailLabel(platform)} {...recipient('email')} />
      </HStack>

      <Collapsible.Root>
        <Collapsible.Trigger asChild>
          <Button variant="ghost" size="sm" alignSelf="start" paddingInline="0">
            {testDialogTexts.advancedSettings}
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Stack gap="3" paddingTop="2">
            <TextField
              label="os_objectlookup_id value"
              placeholder="{{email}}"
              {...recipient('objectLookupId')}
            />
            {platform === 'heyreach' && (
              <TextField
                label="Status tags (comma-separated)"
                placeholder="Interested, {{event_type}}"
                {...recipient('tags')}
              />
            )}
            <Text fontSize="xs" color="fg.muted">
              {tokensHint}
            </Text>
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>

      <Field.Root>
        <HStack justify="space-between" width="full">
          <Field.Label>JSON payload</Field.Label>
          <HStack gap="3">
            <Badge colorPalette={valid ? 'green' : 'red'} variant="subtle">
              {valid ? testDialogTexts.validJson : testDialogTexts.invalidJson}
            </Badge>
            <Button
              variant="plain"
              size="xs"
              colorPalette="blue"
              textDecoration="underline"
              onClick={() => dispatch({ kind: 'reset', at: new Date() })}
            >
              {testDialogTexts.resetPayload}
            </Button>
          </HStack>
        </HStack>
        <JsonEditor
          label="JSON payload"
          value={state.payloadText}
          onChange={(text) => dispatch({ kind: 'payload', text })}
          onSubmit={testSync}
        />
        {/* spec §5: where the JSON is edited, with where it goes wrong */}
        {!parsed.valid && (
          <Text color="fg.error" fontSize="sm">
            {invalidJsonText(parsed.position)}
          </Text>
        )}
      </Field.Root>
    </Stack>
  );
}
