/** What a signed-in person has set up, as the dashboard home counts it. */
export interface SetupCounts {
  crmAccounts: number;
  apiKeys: number;
  webhooks: number;
  blockLists: number;
}

export interface SetupStep {
  key: keyof SetupCounts;
  title: string;
  why: string;
  /** Relative to /admin/dashboard. */
  path: string;
  done: boolean;
}

/**
 * The four steps from a first sign-in to syncing, in the order they depend on each other: a CRM
 * account first (everything else is per profile), then a platform's API key, then a webhook and a
 * block list, which both use the key.
 */
export function setupSteps(counts: SetupCounts): SetupStep[] {
  return [
    {
      key: 'crmAccounts',
      title: 'Connect a CRM',
      why: 'Sign in with HubSpot or add your Salesforce settings.',
      path: 'hubspot',
      done: counts.crmAccounts > 0,
    },
    {
      key: 'apiKeys',
      title: 'Add an API key',
      why: 'Store the key of smartlead, instantly, bison or heyreach.',
      path: 'api-keys',
      done: counts.apiKeys > 0,
    },
    {
      key: 'webhooks',
      title: 'Create a webhook',
      why: 'Get the URL your platform posts campaign events to.',
      path: 'webhooks',
      done: counts.webhooks > 0,
    },
    {
      key: 'blockLists',
      title: 'Create a block list',
      why: 'Keep a CRM list blocked in your platform.',
      path: 'smartlead-block-lists',
      done: counts.blockLists > 0,
    },
  ];
}

/** The first step not done yet, or null when everything is set up. */
export const nextStep = (steps: readonly SetupStep[]): SetupStep | null =>
  steps.find((step) => !step.done) ?? null;

/** "Next: add an API key.": the step's title in a sentence, its names (CRM, API) kept as written (issue 56). */
export const nextStepSentence = (step: Pick<SetupStep, 'title'>): string =>
  `Next: ${step.title.charAt(0).toLowerCase()}${step.title.slice(1)}.`;
