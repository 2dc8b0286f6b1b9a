import { nowMs } from '../clock.js';
import {
  readRecordMemo,
  saveRecordMemo,
  type RecordMemo,
} from '../repositories/crm-record-memos.js';
import type { HubSpotRun } from './hubspot-run.js';
import type { LookupStep } from './lookup.js';

/** How long the writer trusts what it remembers of a record before reading it again. */
export const RECORD_MEMO_TTL_MS = 24 * 60 * 60 * 1000;

/** What the writer remembers of the contact the first lookup leads to, unless it is older than the TTL. */
export async function contactMemoOf(
  run: HubSpotRun,
  first: LookupStep | undefined,
): Promise<RecordMemo | undefined> {
  if (first === undefined) return undefined;
  return readRecordMemo(
    run.deps.db,
    run.profile.id,
    first,
    new Date(nowMs(run.deps.clock) - RECORD_MEMO_TTL_MS).toISOString(),
  );
}

/**
 * How long the writer trusts that HubSpot has no contact for a lookup (an update-only event found none):
 * the next opens and clicks of that unknown lead cost no lookup meanwhile (issue 55). Short, as a
 * salesperson may add the contact by hand; an event that creates contacts forgets it at once.
 */
export const ABSENCE_MEMO_TTL_MS = 10 * 60 * 1000;

/** A memo's record id saying the lookup found no contact. */
const ABSENT = '';

export const isAbsence = (memo: RecordMemo): boolean => memo.recordId === ABSENT;

/** Whether the writer looked for the contact `first` leads to within ABSENCE_MEMO_TTL_MS and found none. */
export async function knownAbsent(run: HubSpotRun, first: LookupStep): Promise<boolean> {
  const memo = await readRecordMemo(
    run.deps.db,
    run.profile.id,
    first,
    new Date(nowMs(run.deps.clock) - ABSENCE_MEMO_TTL_MS).toISOString(),
  );
  return memo !== undefined && isAbsence(memo);
}

export const rememberAbsence = (run: HubSpotRun, first: LookupStep): Promise<void> =>
  remember(run, first, { recordId: ABSENT, properties: {}, complete: false });

export const knowsAll = (memo: RecordMemo, read: string[]): boolean =>
  memo.complete || read.every((name) => name in memo.properties);

/** The memo's values of `read`, '' for what a complete memo does not list. */
export const memoValues = (memo: RecordMemo, read: string[]): Record<string, string> => ({
  ...Object.fromEntries(read.map((name) => [name, ''])),
  ...memo.properties,
});

export async function remember(run: HubSpotRun, by: LookupStep, memo: RecordMemo): Promise<void> {
  await saveRecordMemo(run.deps.db, run.profile.id, by, memo, run.deps.clock.now().toISOString());
}

/** The oldest memo still trusted now. */
export const memoCutoff = (run: HubSpotRun): string =>
  new Date(nowMs(run.deps.clock) - RECORD_MEMO_TTL_MS).toISOString();
