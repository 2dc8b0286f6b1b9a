import type {
  CurrentUser,
  DeletedWebhook,
  ObjectLookupMethod,
  PlatformWebhookRegistration,
  SmartleadBaseCategory,
  Webhook,
  WebhookLastEvent,
} from 'shared/contract';
import { formatDateTime, platformLabel, successToast, type ToastMessage } from 'shared/rules';

/** The two tables of the screen: the user's own ("Existing webhooks") and everyone's ("All webhooks"). */
export type WebhookSection = 'own' | 'all';

export const webhookTableTexts = {
  heading: 'Webhooks',
  existing: 'Existing webhooks',
  all: 'All webhooks',
  welcome: 'Welcome to the webhook receiver',
  getStarted: 'Create a webhook to get started',
  copied: 'Copied webhook URL.',
  noEvents: 'No events yet',
} as const;

/** spec §3: the CRM owner the webhook writes as, by full name. */
export const ownerName = ({ ownerDetails }: Pick<Webhook, 'ownerDetails'>): string =>
  `${ownerDetails.firstName} ${ownerDetails.lastName}`.trim();

/** spec §2 column 1: the owner's hover details, in the spec's order. */
export function ownerHoverDetails(
  webhook: Webhook,
  timeZone?: string,
): ReadonlyArray<readonly [label: string, value: string]> {
  return [
    ['ID', String(webhook.id)],
    ['Hub ID', webhook.hubId],
    ['Domain', webhook.user.organizationDomain ?? webhook.user.settings?.domain ?? '—'],
    ['Added by', webhook.addedBy.email],
    ['Created date', formatDateTime(webhook.createdAt, timeZone)],
    ['Profile hub ID', webhook.user.organizationId],
    ['Owner ID', webhook.hubspotOwnerId],
    ['Owner email', webhook.ownerDetails.email],
  ];
}

/** spec §3 lookup methods, by their labels. */
const lookupMethodLabels: Record<ObjectLookupMethod, string> = {
  default: 'Default Property',
  alternative_property: 'Alternative Property',
  optional_alternative_property: 'Optional Alternative Property',
};
export const lookupMethodLabel = (method: ObjectLookupMethod): string => lookupMethodLabels[method];

/** spec §3 email-sync target: log type 0 is the Email Object, 1 the Task Object. */
export const logTypeLabel = (logType: 0 | 1): string =>
  logType === 1 ? 'Task Object' : 'Email Object';

/**
 * spec §2 column 2: the CRM profile, the platform, for SALESFORCE the log type and the object, and
 * the lookup method's label (each only when set).
 */
export function profileInfo(webhook: Webhook): string[] {
  const lines = [
    `${webhook.user.profile} - ${webhook.user.email}`,
    platformLabel(webhook.emailService),
  ];
  if (webhook.user.profile === 'SALESFORCE') {
    if (webhook.logType !== null) lines.push(logTypeLabel(webhook.logType));
    if (webhook.salesforceObjectType) lines.push(webhook.salesforceObjectType);
  }
  if (webhook.objectLookupMethod) lines.push(lookupMethodLabel(webhook.objectLookupMethod));
  return lines;
}

/** A webhook whose Smartlead posts must carry its secret key (the key itself is never shown). */
export const SECRET_KEY_TAG = 'Secret key required';

/**
 * spec §2 column 3. HUBSPOT: a tag per behaviour turned on. SALESFORCE: "Custom {object} fields"
 * per selected object (with custom fields on), then Update Only or Upsert.
 */
export function webhookTags(webhook: Webhook): string[] {
  if (webhook.user.profile === 'SALESFORCE') {
    const custom = webhook.createContactCustomProperties
      ? webhook.salesforceCustomFieldObjects.map((object) => `Custom ${object} fields`)
      : [];
    return [
      ...custom,
      webhook.salesforceOnlyUpdate ? 'Update Only' : 'Upsert',
      ...(webhook.hasSmartleadSecretKey ? [SECRET_KEY_TAG] : []),
    ];
  }
  const tags: Array<[boolean, string]> = [
    [webhook.createOrUpdateCompany, 'Create or update company'],
    [webhook.assignCompanyOwner, 'Assign company owner'],
    [webhook.assignContactOwner, 'Assign contact owner'],
    [webhook.createOrUpdateTask, 'Create task'],
    [webhook.createContactCustomProperties, 'Custom contact properties'],
    [webhook.hasSmartleadSecretKey, SECRET_KEY_TAG],
  ];
  return tags.flatMap(([on, tag]) => (on ? [tag] : []));
}

/** spec §2 column 4: one badge per category of the category-based filter. */
export const categoryBadge = (category: SmartleadBaseCategory): string =>
  `ID: ${category.id} - ${category.name}`;

/**
 * spec §6: in "Existing webhooks" every signed-in user may update and delete (the api's canManage
 * says the same of one's own); in "All webhooks" only admins may, managers read.
 */
export const mayChangeWebhook = (
  webhook: Pick<Webhook, 'canManage'>,
  section: WebhookSection,
  user: Pick<CurrentUser, 'isAdmin'>,
): boolean => webhook.canManage && (section === 'own' || user.isAdmin);

/**
 * spec §1-§2: a test event can be sent to any webhook: one's own, and for managers and admins every
 * webhook of their organization in "All webhooks" (issue 56).
 */
export const mayTestWebhook = (
  section: WebhookSection,
  user: Pick<CurrentUser, 'isManagerOrAdmin'>,
): boolean => section === 'own' || user.isManagerOrAdmin;

/** Why a webhook's settings open read-only (issue 56: every action a role cannot take says why). */
export const readOnlyWebhookReason = 'Only its owner or an admin can change this webhook.';

/** spec §2 column 9: the delete confirmation's question. */
export const deleteQuestion = (webhook: Pick<Webhook, 'ownerDetails'>): string =>
  `Do you want to delete ${ownerName(webhook)}'s webhook?`;

/** spec §8: "Deleted" plus the owner's first and last name plus "'s webhook." */
export const webhookDeletedToast = ({ ownerDetails }: DeletedWebhook): ToastMessage =>
  successToast(`Deleted ${ownerDetails.firstName} ${ownerDetails.lastName}'s webhook.`);

export const webhookUrlCopiedToast: ToastMessage = successToast(webhookTableTexts.copied);

export type LastEventOutcome = 'success' | 'error' | 'pending';

/** What became of an event, as the log shows it: processed is a success; failed, refused, invalid or expired an error; the rest still on its way. */
export function lastEventOutcome(state: WebhookLastEvent['state']): LastEventOutcome {
  if (state === 'processed') return 'success';
  if (state === 'failed' || state === 'refused' || state === 'invalid' || state === 'expired')
    return 'error';
  return 'pending';
}

const outcomeLabels: Record<LastEventOutcome, string> = {
  success: 'Success',
  error: 'Error',
  pending: 'Pending',
};

/** The "Last event" cell: when the newest event came, and whether it succeeded; "No events yet" before the first. */
export function lastEventSummary(
  lastEvent: WebhookLastEvent | null,
  timeZone?: string,
): { text: string; outcome: LastEventOutcome | null; status: string | null } {
  if (lastEvent === null) return { text: webhookTableTexts.noEvents, outcome: null, status: null };
  const outcome = lastEventOutcome(lastEvent.state);
  const when = formatDateTime(lastEvent.receivedAt, timeZone);
  return {
    text: lastEvent.isTest ? `${when} (test)` : when,
    outcome,
    status: outcomeLabels[outcome],
  };
}

/** The History area's webhook logs of one webhook (mfe-logs, /admin/dashboard/history/webhook-logs), relative to the dashboard. */
export const webhookLogsPath = (webhookId: number): string =>
  `/history/webhook-logs?webhookId=${webhookId}`;

/** Whether the webhook has been registered on its platform already: registering it again asks first. */
export const isRegisteredOnPlatform = ({
  platformRegistration,
}: Pick<Webhook, 'platformRegistration'>): boolean => platformRegistration !== null;

/**
 * "Register on {platform}": creates the webhook on its platform with the API key (issue 13). Once it is
 * registered, "Register again on {platform}", which asks first (registerAgainQuestion).
 */
export const registerOnPlatformLabel = (
  webhook: Pick<Webhook, 'emailService' | 'platformRegistration'>,
): string =>
  `${isRegisteredOnPlatform(webhook) ? 'Register again' : 'Register'} on ${platformLabel(webhook.emailService)}`;

/** Under the webhook's URL once it is registered: where and when. */
export const platformRegistrationLine = (
  { emailService, platformRegistration }: Pick<Webhook, 'emailService' | 'platformRegistration'>,
  timeZone?: string,
): string | null =>
  platformRegistration === null
    ? null
    : `Registered on ${platformLabel(emailService)}, ${formatDateTime(platformRegistration.registeredAt, timeZone)}`;

export const registerAgainQuestion = ({
  id,
  emailService,
}: Pick<Webhook, 'id' | 'emailService'>): string =>
  `Register webhook ${id} on ${platformLabel(emailService)} again?`;

/** Why a second registration is asked first: the platform would then have two webhooks posting each event. */
export const registerAgainWarning = (
  { emailService, platformRegistration }: Pick<Webhook, 'emailService' | 'platformRegistration'>,
  timeZone?: string,
): string => {
  const platform = platformLabel(emailService);
  const when =
    platformRegistration === null
      ? ''
      : ` on ${formatDateTime(platformRegistration.registeredAt, timeZone)}`;
  return `It was registered on ${platform}${when}. Register it again only if its webhook was deleted on ${platform}: otherwise ${platform} sends every event twice.`;
};

export const registeredOnPlatformToast = ({
  platform,
}: Pick<PlatformWebhookRegistration, 'platform'>): ToastMessage =>
  successToast(`Registered the webhook on ${platformLabel(platform)}`);
