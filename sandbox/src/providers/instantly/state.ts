import { readFixture } from '../../core/fixtures.js';
import { uuidV7Generator } from '../../core/ids.js';
import type { StateContext } from '../../core/provider.js';

export interface InstantlyBlockEntry {
  id: string;
  timestamp_created: string;
  organization_id: string;
  bl_value: string;
  is_domain: boolean;
}

export interface InstantlyLeadLabel {
  id: string;
  timestamp_created: string;
  created_by: string;
  organization_id: string;
  label: string;
  interest_status_label: 'positive' | 'negative' | 'neutral';
  interest_status: number;
  description: string | null;
  use_with_ai: boolean | null;
}

export interface InstantlyWorkspace {
  id: string;
  owner: string;
  name: string;
  [key: string]: unknown;
}

/** A webhook made with POST /webhooks (API v2 Webhook schema). */
export interface InstantlyWebhook {
  id: string;
  organization: string;
  campaign: string | null;
  name: string | null;
  target_hook_url: string;
  event_type: string | null;
  custom_interest_value: number | null;
  headers: Record<string, string> | null;
  timestamp_created: string;
  /** 1 active; −1 disabled for delivery failures. */
  status: number;
}

/** API v2 event_type values (the Webhook schema). */
export const instantlyWebhookEvents = [
  'all_events',
  'email_sent',
  'email_opened',
  'email_link_clicked',
  'reply_received',
  'email_bounced',
  'lead_unsubscribed',
  'campaign_completed',
  'account_error',
  'lead_neutral',
  'lead_interested',
  'lead_not_interested',
  'lead_meeting_booked',
  'lead_meeting_completed',
  'lead_closed',
  'lead_out_of_office',
  'lead_wrong_person',
  'lead_no_show',
  'supersearch_enrichment_completed',
];

export interface InstantlyState {
  apiKey: string;
  workspace: InstantlyWorkspace;
  leadLabels: InstantlyLeadLabel[];
  /** In id order, which is creation order (ids are UUID v7). */
  blockList: InstantlyBlockEntry[];
  webhooks: InstantlyWebhook[];
  newId: (timeMs: number) => string;
}

interface InstantlyFixture {
  apiKey: string;
  workspace: InstantlyWorkspace;
  leadLabels: Omit<
    InstantlyLeadLabel,
    'id' | 'timestamp_created' | 'created_by' | 'organization_id'
  >[];
  blockList: string[];
}

/** Instantly blocks a whole domain when the value has no "@". */
export function blockEntry(
  state: Pick<InstantlyState, 'workspace' | 'newId'>,
  value: string,
  timeMs: number,
): InstantlyBlockEntry {
  return {
    id: state.newId(timeMs),
    timestamp_created: new Date(timeMs).toISOString(),
    organization_id: state.workspace.id,
    bl_value: value,
    is_domain: !value.includes('@'),
  };
}

export function createInstantlyState(ctx: StateContext): InstantlyState {
  const fixture = readFixture<InstantlyFixture>('instantly');
  const newId = uuidV7Generator(0x1757a);
  const seededAt = Date.parse('2025-01-15T12:00:00.000Z');
  const base = { workspace: fixture.workspace, newId };
  const state: InstantlyState = {
    apiKey: fixture.apiKey,
    workspace: fixture.workspace,
    newId,
    leadLabels: fixture.leadLabels.map((label, index) => ({
      id: newId(seededAt + index),
      timestamp_created: new Date(seededAt + index).toISOString(),
      created_by: fixture.workspace.owner,
      organization_id: fixture.workspace.id,
      ...label,
    })),
    blockList: fixture.blockList.map((value, index) =>
      blockEntry(base, value, seededAt + 1000 + index),
    ),
    webhooks: [],
  };
  void ctx;
  return state;
}
