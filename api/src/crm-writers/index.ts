// The CRM writers: an event and its webhook's settings → the CRM records (issue "Events become CRM records").
export { crmEventProcessor, processorMessages } from './event-processor.js';
export {
  eventEffect,
  eventLabel,
  type ActivityKind,
  type ContactMode,
  type EventEffect,
} from './event-effects.js';
export { FREE_MAIL_DOMAINS, isFreeMailDomain } from './free-mail.js';
export { lookupSteps, type LookupSettings, type LookupSource, type LookupStep } from './lookup.js';
export {
  HUBSPOT_OS_GROUP,
  OS_PROPERTIES,
  hubspotPropertyDefinition,
  osProperty,
  salesforceFieldMetadata,
  salesforceFieldName,
  type OsPropertyName,
  type OsPropertySpec,
  type OsValue,
} from '../records/os-properties.js';
export {
  HUBSPOT_ASSOCIATIONS,
  hubspotTaskSubject,
  planHubspotWrites,
  type HubspotCompanyOperation,
  type HubspotContactOperation,
  type HubspotEngagementOperation,
  type HubspotEnsurePropertiesOperation,
  type HubspotOperation,
  type HubspotPlan,
} from './hubspot-plan.js';
export {
  NOT_PROVIDED,
  planSalesforceWrites,
  salesforceObjectOf,
  type SalesforceEmailMessageOperation,
  type SalesforceObject,
  type SalesforceOperation,
  type SalesforcePlan,
  type SalesforceRecordOperation,
  type SalesforceTaskOperation,
} from './salesforce-plan.js';
export type { PlanOptions, WriterSettings } from './settings.js';
export { fillTaskSubject, taskSubjectValues, TASK_SUBJECT_MAX } from './task-subject.js';
export {
  writeEventToCrm,
  WRITER_PROPERTIES_TTL_MS,
  type WriteEventInput,
  type WriteEventResult,
  type WriteStep,
} from './write-event.js';
