import type { Platform } from 'shared/contract';
import {
  emptyTestRecipient,
  eventFixtures,
  templateRecipient,
  testEventPayload,
  type EventFixture,
  type TestRecipient,
} from 'shared/events';
import type { FormProblem, FormRules } from 'shared/rules';
import { parseTestPayload, testDialogTexts } from './messages';

/** The Send Test Webhook dialog (spec §2): the chosen template, the test lead, and the JSON as edited. */
export interface TestDialogState {
  /** The webhook's URL, where a template's payload names the webhook it was posted to. */
  webhookUrl: string;
  /** The templates of the webhook's platform; every platform's for "Universal". */
  templates: readonly EventFixture[];
  templateId: string;
  recipient: TestRecipient;
  payloadText: string;
}

/**
 * A new template, a changed recipient field or Reset Payload writes the payload anew from the template
 * (times refreshed to `at`); editing the JSON changes only the JSON.
 */
export type TestDialogChange =
  | { kind: 'template'; templateId: string; at: Date }
  | { kind: 'recipient'; field: keyof TestRecipient; value: string; at: Date }
  | { kind: 'payload'; text: string }
  | { kind: 'reset'; at: Date };

export const templatesOf = (platform: Platform | null | undefined): readonly EventFixture[] =>
  platform ? eventFixtures[platform] : Object.values(eventFixtures).flat();

const templateOf = (
  state: Pick<TestDialogState, 'templates' | 'templateId'>,
): EventFixture | undefined => state.templates.find((template) => template.id === state.templateId);

/** The template as JSON text, pretty-printed as the editor shows it. */
function payloadTextOf(
  template: EventFixture | undefined,
  recipient: TestRecipient,
  at: Date,
  webhookUrl: string,
): string {
  return template
    ? JSON.stringify(testEventPayload(template, recipient, at, webhookUrl), null, 2)
    : '{}';
}

/** The dialog as it opens for a webhook: a platform's templates (every platform's for none, "Universal"). */
export function initialTestDialogState(
  { emailService, webhookUrl }: { emailService: Platform | null; webhookUrl: string },
  at: Date,
): TestDialogState {
  const templates = templatesOf(emailService);
  const first = templates[0];
  const recipient = first ? templateRecipient(first) : emptyTestRecipient;
  return {
    webhookUrl,
    templates,
    templateId: first?.id ?? '',
    recipient,
    payloadText: payloadTextOf(first, recipient, at, webhookUrl),
  };
}

function apply(state: TestDialogState, change: TestDialogChange): TestDialogState {
  switch (change.kind) {
    case 'payload':
      return { ...state, payloadText: change.text };
    case 'template': {
      const next = { ...state, templateId: change.templateId };
      return {
        ...next,
        payloadText: payloadTextOf(templateOf(next), next.recipient, change.at, state.webhookUrl),
      };
    }
    case 'recipient': {
      const recipient = { ...state.recipient, [change.field]: change.value };
      return {
        ...state,
        recipient,
        payloadText: payloadTextOf(templateOf(state), recipient, change.at, state.webhookUrl),
      };
    }
    case 'reset':
      return {
        ...state,
        payloadText: payloadTextOf(templateOf(state), state.recipient, change.at, state.webhookUrl),
      };
  }
}

/** spec §5 "Test dialog": invalid JSON cannot be sent. */
function problem(state: TestDialogState): FormProblem<'payload'> | null {
  return parseTestPayload(state.payloadText).valid
    ? null
    : { field: 'payload', message: testDialogTexts.invalidJsonMessage };
}

function toPayload(state: TestDialogState): unknown {
  const parsed = parseTestPayload(state.payloadText);
  return parsed.valid ? parsed.payload : null;
}

export const testDialogRules: FormRules<TestDialogState, TestDialogChange, unknown, 'payload'> = {
  apply,
  problem,
  toPayload,
};
