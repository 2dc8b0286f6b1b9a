// The CRM side of `npm run bench:backlog` (BENCH_BACKLOG_CRM): how an account is connected through the
// sandbox, and what is measured there once every event is processed: each reply's time to the CRM, the
// CRM requests (by path), duplicate records and the limit errors that reached a log row.
import {
  HUBSPOT_WRITER_SCOPES,
  insertSandboxHubSpotProfile,
  insertSandboxSalesforceProfile,
  SALESFORCE_DAILY_API_REQUESTS,
} from './processes.mjs';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const spread = (seconds) => {
  const sorted = [...seconds].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${sorted.at(-1).toFixed(1)} s`;
};

/** How many requests went where: method and path, the ids in it as ':id' (`ids` matches a path segment that is one). */
function countByPath(requests, ids) {
  const byPath = new Map();
  for (const request of requests) {
    const where = `${request.method} ${request.url.replace(/\?.*$/, '').replace(ids, '/:id')}`;
    byPath.set(where, (byPath.get(where) ?? 0) + 1);
  }
  return [...byPath].sort((a, b) => b[1] - a[1]).map(([where, count]) => [where, String(count)]);
}

/** More records than addresses among the bench's leads (lead-…@): `emails` one per record. */
function duplicatesOf(emails) {
  const byEmail = new Map();
  for (const email of emails.map((value) => value?.toLowerCase()))
    if (email?.startsWith('lead-')) byEmail.set(email, (byEmail.get(email) ?? 0) + 1);
  return [...byEmail.values()].reduce((sum, count) => sum + count - 1, 0);
}

const sandboxJson = async (sandboxUrl, path) => (await fetch(`${sandboxUrl}${path}`)).json();

/** The HubSpot calls the published 10-second limit counts (search has its own, per second). */
const tenSecondly = /^\/hubspot\/crm\/(?!v3\/objects\/[^/]+\/search)/;
const search = /^\/hubspot\/crm\/v3\/objects\/[^/]+\/search/;

const hubspot = {
  account: 'one HubSpot account',
  /** A HubSpot account with the writer's scopes; records owned by the webhook settings' HubSpot owner. */
  async connect(db, secretBox, { sandboxUrl, userId, owner }) {
    const { profileId } = await insertSandboxHubSpotProfile(db, secretBox, {
      sandboxUrl,
      userId,
      scopes: HUBSPOT_WRITER_SCOPES,
    });
    return { profileId, owner };
  },
  async report({ sandboxUrl, rows, total, drainSeconds }) {
    const replyTimes = rows
      .filter((row) => row.event_type === 'EMAIL_REPLY')
      .map((row) => (Date.parse(row.processed_at) - Date.parse(row.created_at)) / 1000);
    const { requests } = await sandboxJson(
      sandboxUrl,
      '/_sandbox/requests?provider=hubspot&limit=1000000',
    );
    const crmCalls = requests.filter((request) => request.url.startsWith('/hubspot/crm/'));
    const limited = crmCalls.filter((request) => tenSecondly.test(request.url)).length;
    const searches = crmCalls.filter((request) => search.test(request.url)).length;
    const state = await sandboxJson(sandboxUrl, '/_sandbox/state/hubspot');
    const duplicates = duplicatesOf(state.contacts.map((contact) => contact.properties.email));
    const leastSeconds = Math.max(limited / 11, searches / 5);
    const limitedRows = rows.filter((row) => /\b429\b|rate.?limit/i.test(row.results)).length;
    return {
      measures: [
        ['reply: post to write p50 / p95 / max', spread(replyTimes)],
        [
          'HubSpot requests (10-second limit / search)',
          `${crmCalls.length} (${limited} / ${searches})`,
        ],
        ['HubSpot requests per event', (crmCalls.length / total).toFixed(2)],
        ['burst drained after', `${drainSeconds.toFixed(1)} s`],
        ['least time the limits allow', `${leastSeconds.toFixed(1)} s`],
        ['drain / least time', `${(drainSeconds / leastSeconds).toFixed(2)}×`],
        ['duplicate contacts', String(duplicates)],
        ['429s in a log row', String(limitedRows)],
      ],
      byPath: {
        title: 'HubSpot requests by path',
        rows: countByPath(crmCalls, /\/(\d+|[^/]*(%40|@|%3A)[^/]*)(?=\/|$)/gi),
      },
      goals:
        'reply p95 ≤ 15 s while the burst drains, ≤ 0.5 requests per event, drain ≤ 1.10× the least time, 0 duplicate contacts, 0 429s in a log row.',
    };
  },
};

/** The REST calls the daily allocation counts: composite is one, OAuth and userinfo are none. */
const apiCall = /^\/salesforce\/services\/data\//;

const salesforce = {
  account: 'one Salesforce org',
  /** The sandbox's org, connected as its admin, who owns the records the webhooks create. */
  async connect(db, secretBox, { sandboxUrl, userId }) {
    const { profileId, user } = await insertSandboxSalesforceProfile(db, secretBox, {
      sandboxUrl,
      userId,
    });
    return { profileId, owner: user };
  },
  async report({ sandboxUrl, rows, total, drainSeconds, replyPosts, issueEvents }) {
    const { requests } = await sandboxJson(
      sandboxUrl,
      '/_sandbox/requests?provider=salesforce&limit=1000000',
    );
    const calls = requests.filter((request) => apiCall.test(request.url));
    const state = await sandboxJson(sandboxUrl, '/_sandbox/state/salesforce');
    // log type 0: a reply is an incoming EmailMessage from the lead; the n-th reply to a lead, its n-th
    const repliesOf = new Map();
    for (const message of [...state.emailMessages]
      .filter((message) => message.Incoming === true)
      .sort((a, b) => Date.parse(a.CreatedDate) - Date.parse(b.CreatedDate))) {
      const from = message.FromAddress?.toLowerCase();
      repliesOf.set(from, [...(repliesOf.get(from) ?? []), Date.parse(message.CreatedDate)]);
    }
    const taken = new Map();
    const replyTimes = [];
    for (const { email, postedAt } of replyPosts) {
      const index = taken.get(email) ?? 0;
      taken.set(email, index + 1);
      const createdAt = repliesOf.get(email)?.[index];
      if (createdAt !== undefined) replyTimes.push((createdAt - postedAt) / 1000);
    }
    const duplicates = duplicatesOf(state.leads.map((lead) => lead.Email));
    const limitedRows = rows.filter((row) =>
      /REQUEST_LIMIT_EXCEEDED|limiting requests|allocation for this org is used up/i.test(
        row.results,
      ),
    ).length;
    const share = (count) => `${((100 * count) / SALESFORCE_DAILY_API_REQUESTS).toFixed(2)} %`;
    const perEvent = calls.length / total;
    return {
      measures: [
        [
          'reply: post to its EmailMessage p50 / p95 / max',
          replyTimes.length > 0 ? spread(replyTimes) : '–',
        ],
        ['replies with no EmailMessage', String(replyPosts.length - replyTimes.length)],
        ['Salesforce API calls (composite as one)', String(calls.length)],
        ['Salesforce API calls per event', perEvent.toFixed(2)],
        [
          `daily allocation used (${SALESFORCE_DAILY_API_REQUESTS.toLocaleString('en')})`,
          share(calls.length),
        ],
        [
          `the issue's run (${issueEvents.toLocaleString('en')} events) at this rate`,
          share(Math.round(perEvent * issueEvents)),
        ],
        ['burst drained after', `${drainSeconds.toFixed(1)} s`],
        ['duplicate Leads', String(duplicates)],
        ['limit errors in a log row', String(limitedRows)],
      ],
      byPath: {
        title: 'Salesforce API calls by path',
        rows: countByPath(calls, /\/(?=[^/]*\d)[A-Za-z0-9_%.-]{15,}(?=\/|$)/g),
      },
      goals:
        'reply p95 ≤ 15 s while the burst drains, 0 duplicate Leads, 0 limit errors in a log row; the daily allocation is what limits a Salesforce org.',
    };
  },
};

/** The CRM a bench:backlog run writes to, by BENCH_BACKLOG_CRM. */
export const backlogCrms = { hubspot, salesforce };
