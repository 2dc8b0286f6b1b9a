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

export interface SmartleadState {
  apiKey: string;
  clients: SmartleadClient[];
  leadCategories: SmartleadCategory[];
  blockList: SmartleadBlockEntry[];
  nextBlockId: number;
}

export function createSmartleadState(): SmartleadState {
  const fixture = readFixture<Omit<SmartleadState, 'nextBlockId'>>('smartlead');
  return { ...fixture, nextBlockId: Math.max(...fixture.blockList.map((entry) => entry.id)) + 1 };
}
