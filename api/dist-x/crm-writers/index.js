// The CRM writers: an event and its webhook's settings → the CRM records (issue "Events become CRM records").
export { crmEventProcessor, processorMessages } from './event-processor.js';
export { eventEffect, eventLabel } from './event-effects.js';
export { FREE_MAIL_DOMAINS, isFreeMailDomain } from './free-mail.js';
export { lookupSteps } from './lookup.js';
export { HUBSPOT_OS_GROUP, OS_PROPERTIES, hubspotPropertyDefinition, osProperty, salesforceFieldMetadata, salesforceFieldName, } from './os-properties.js';
export { HUBSPOT_ASSOCIATIONS, hubspotTaskSubject, planHubspotWrites, } from './hubspot-plan.js';
export { NOT_PROVIDED, planSalesforceWrites, salesforceObjectOf, } from './salesforce-plan.js';
export { fillTaskSubject, taskSubjectValues, TASK_SUBJECT_MAX } from './task-subject.js';
export { writeEventToCrm, WRITER_PROPERTIES_TTL_MS } from './write-event.js';
//# sourceMappingURL=index.js.map