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

export interface HeyReachState {
  apiKey: string;
  lists: HeyReachList[];
  nextListId: number;
}

export function createHeyReachState(): HeyReachState {
  const fixture = readFixture<{ apiKey: string; lists: HeyReachList[] }>('heyreach');
  return { ...fixture, nextListId: Math.max(...fixture.lists.map((list) => list.id)) + 1 };
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
