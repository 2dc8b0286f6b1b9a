import { readFixture } from '../../core/fixtures.js';

export type HeyReachListType = 'USER_LIST' | 'COMPANY_LIST';

export interface HeyReachLead {
  profileUrl: string;
  firstName: string | null;
  lastName: string | null;
  location?: string | null;
  summary?: string | null;
  companyName?: string | null;
  position?: string | null;
  about?: string | null;
  emailAddress?: string | null;
  customUserFields?: { name: string; value: string }[];
  addedAt?: string;
}

export interface HeyReachList {
  id: number;
  name: string;
  listType: HeyReachListType;
  creationTime: string;
  campaignIds: number[];
  leads: HeyReachLead[];
}

/** A webhook made with POST /webhooks/CreateWebhook: one event type, some campaigns (none: every campaign). */
export interface HeyReachWebhook {
  id: number;
  webhookName: string;
  webhookUrl: string;
  eventType: string;
  campaignIds: number[];
  isActive: boolean;
  creationTime: string;
}

/** The event types a HeyReach webhook subscribes to (UPPER_SNAKE, as the API takes them). */
export const heyReachWebhookEvents = [
  'CONNECTION_REQUEST_SENT',
  'CONNECTION_REQUEST_ACCEPTED',
  'MESSAGE_SENT',
  'MESSAGE_REPLY_RECEIVED',
  'EVERY_MESSAGE_REPLY_RECEIVED',
  'INMAIL_SENT',
  'INMAIL_REPLY_RECEIVED',
  'FOLLOW_SENT',
  'LIKED_POST',
  'VIEWED_PROFILE',
  'LEAD_TAG_UPDATED',
  'CAMPAIGN_COMPLETED',
];

export interface HeyReachState {
  apiKey: string;
  lists: HeyReachList[];
  nextListId: number;
  webhooks: HeyReachWebhook[];
  nextWebhookId: number;
}

export function createHeyReachState(): HeyReachState {
  const fixture = readFixture<{ apiKey: string; lists: HeyReachList[] }>('heyreach');
  return {
    ...fixture,
    nextListId: Math.max(...fixture.lists.map((list) => list.id)) + 1,
    webhooks: [],
    nextWebhookId: 7001,
  };
}

/** The list as the API answers it: members are not included, only their count. */
export function presentList(list: HeyReachList) {
  return {
    id: list.id,
    name: list.name,
    totalItemsCount: list.leads.length,
    listType: list.listType,
    creationTime: list.creationTime,
    campaignIds: list.campaignIds,
    campaigns: null,
    isDeleted: false,
    status: 'COMPLETED',
  };
}

/** Profile URLs compare without scheme case, "www." or a trailing slash. */
export function normalizeProfileUrl(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\/(www\.)?/i, 'https://www.')
    .replace(/\/+$/, '')
    .toLowerCase();
}
