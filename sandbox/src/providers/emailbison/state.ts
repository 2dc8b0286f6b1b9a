import { readFixture } from '../../core/fixtures.js';

export interface BisonBlacklistedEmail {
  id: number;
  email: string;
  created_at: string;
  updated_at: string;
}

export interface BisonBlacklistedDomain {
  id: number;
  domain: string;
  created_at: string;
  updated_at: string;
}

export interface BisonUser {
  id: number;
  name: string;
  email: string;
  team: { id: number; name: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** A webhook made with POST /api/webhook-url: the workspace's chosen events go to url. */
export interface BisonWebhook {
  id: number;
  name: string;
  url: string;
  events: string[];
  created_at: string;
  updated_at: string;
}

/** The subscription names EmailBison's webhook events take. */
export const bisonWebhookEvents = [
  'email_sent',
  'manual_email_sent',
  'lead_first_contacted',
  'lead_replied',
  'lead_interested',
  'lead_unsubscribed',
  'email_opened',
  'email_bounced',
  'untracked_reply_received',
  'email_account_added',
  'email_account_removed',
  'email_account_disconnected',
  'email_account_reconnected',
  'tag_attached',
  'tag_removed',
];

export interface EmailBisonState {
  apiKey: string;
  user: BisonUser;
  emails: BisonBlacklistedEmail[];
  domains: BisonBlacklistedDomain[];
  nextId: number;
  webhooks: BisonWebhook[];
  nextWebhookId: number;
}

interface EmailBisonFixture {
  apiKey: string;
  user: BisonUser;
  blacklistedEmails: string[];
  blacklistedDomains: string[];
}

/** Laravel's timestamp format, as EmailBison's documented examples show it. */
export function laravelTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function createEmailBisonState(): EmailBisonState {
  const fixture = readFixture<EmailBisonFixture>('emailbison');
  const seededAt = laravelTime(Date.parse('2025-01-10T09:00:00.000Z'));
  let nextId = 1;
  const emails = fixture.blacklistedEmails.map((email) => ({
    id: nextId++,
    email,
    created_at: seededAt,
    updated_at: seededAt,
  }));
  const domains = fixture.blacklistedDomains.map((domain) => ({
    id: nextId++,
    domain,
    created_at: seededAt,
    updated_at: seededAt,
  }));
  return {
    apiKey: fixture.apiKey,
    user: fixture.user,
    emails,
    domains,
    nextId,
    webhooks: [],
    nextWebhookId: 1,
  };
}
