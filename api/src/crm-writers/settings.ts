import type { WebhookSettings } from '../repositories/webhooks.js';

/** The webhook settings the writers read (a WebhookRecord has them all). */
export type WriterSettings = Pick<
  WebhookSettings,
  | 'emailService'
  | 'owner'
  | 'createOrUpdateCompany'
  | 'createOrUpdateTask'
  | 'createContactCustomProperties'
  | 'assignCompanyOwner'
  | 'assignContactOwner'
  | 'customTaskSubject'
  | 'logType'
  | 'salesforceObjectType'
  | 'salesforceOnlyUpdate'
  | 'salesforceCustomFieldObjects'
  | 'objectLookupMethod'
  | 'objectLookupIdField'
  | 'objectDefaultSearchProperty'
  | 'optionalAlternativeProperty'
>;

/** Options of a plan: the time that stands in when an event carries none (the executor's clock). */
export interface PlanOptions {
  now?: string;
}

export const planTime = (options: PlanOptions): string => options.now ?? new Date().toISOString();
