import { readFixture } from '../../core/fixtures.js';

export interface SmartleadClient {
  id: number;
  name: string;
  email: string;
  uuid: string;
  created_at: string;
  user_id: number;
  logo: string | null;
  logo_url: string | null;
  client_permision: { permission: string[]; retricted_category: number[] };
}

export interface SmartleadCategory {
  id: number;
  name: string;
  sentiment_type: 'positive' | 'negative' | 'neutral';
  created_at: string;
}

/** One entry of the global block list: an email address or a domain. */
export interface SmartleadBlockEntry {
  id: number;
  email_or_domain: string;
  created_at: string;
  source: string;
  client_id: number | null;
}

/** A webhook made with POST /webhook/create: the platform posts the mapped events to webhook_url. */
export interface SmartleadWebhook {
  id: number;
  name: string;
  webhook_url: string;
  association_type: 'user' | 'client' | 'campaign';
  client_id: number | null;
  email_campaign_id: number | null;
  event_type_map: Record<string, boolean>;
  created_at: string;
}

export interface SmartleadState {
  apiKey: string;
  clients: SmartleadClient[];
  leadCategories: SmartleadCategory[];
  blockList: SmartleadBlockEntry[];
  nextBlockId: number;
  webhooks: SmartleadWebhook[];
  nextWebhookId: number;
}

/** The events a Smartlead webhook can map (its webhook guide). */
export const smartleadWebhookEvents = [
  'EMAIL_SENT',
  'EMAIL_OPEN',
  'EMAIL_LINK_CLICK',
  'EMAIL_REPLY',
  'EMAIL_BOUNCE',
  'LEAD_UNSUBSCRIBED',
  'LEAD_CATEGORY_UPDATED',
];

export function createSmartleadState(): SmartleadState {
  const fixture =
    readFixture<Omit<SmartleadState, 'nextBlockId' | 'webhooks' | 'nextWebhookId'>>('smartlead');
  return {
    ...fixture,
    nextBlockId: Math.max(...fixture.blockList.map((entry) => entry.id)) + 1,
    webhooks: [],
    nextWebhookId: 84101,
  };
}
