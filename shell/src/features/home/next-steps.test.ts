import { nextStep, setupSteps } from './next-steps';

const none = { crmAccounts: 0, apiKeys: 0, webhooks: 0, blockLists: 0 };

describe('the dashboard home setup steps', () => {
  it('starts with connecting a CRM', () => {
    expect(setupSteps(none).map((step) => step.title)).toEqual([
      'Connect a CRM',
      'Add an API key',
      'Create a webhook',
      'Create a block list',
    ]);
    expect(nextStep(setupSteps(none))?.title).toBe('Connect a CRM');
  });

  it('moves on to the first step not done', () => {
    expect(nextStep(setupSteps({ ...none, crmAccounts: 1 }))?.title).toBe('Add an API key');
    expect(
      nextStep(setupSteps({ ...none, crmAccounts: 2, apiKeys: 1, blockLists: 3 }))?.title,
    ).toBe('Create a webhook');
  });

  it('has nothing next once everything is set up', () => {
    expect(
      nextStep(setupSteps({ crmAccounts: 1, apiKeys: 1, webhooks: 1, blockLists: 1 })),
    ).toBeNull();
  });
});
