import {
  addToBisonBlacklist,
  addToBisonBlockList,
  bisonApiBase,
  checkBisonKey,
  normalizeBisonBaseUrl,
} from '../src/adapters/emailbison/index.js';
import {
  addLeadsToHeyReachList,
  checkHeyReachKey,
  createHeyReachList,
  listHeyReachLists,
} from '../src/adapters/heyreach/index.js';
import {
  addToInstantlyBlockList,
  checkInstantlyKey,
  instantlyLeadCategories,
} from '../src/adapters/instantly/index.js';
import { platformAdapters, pushBlockEntries } from '../src/adapters/platforms.js';
import {
  addToSmartleadBlockList,
  checkSmartleadKey,
  listSmartleadClients,
  smartleadLeadCategories,
} from '../src/adapters/smartlead/index.js';
import { loadProviderEndpoints, type ProviderEndpoints } from '../src/providers/endpoints.js';
import { ProviderError, type ProviderFailureKind } from '../src/providers/provider-error.js';
import { startSandbox, type RunningSandbox } from './helpers/sandbox.js';
import {
  injectFault,
  resetSandbox,
  sandboxRequests,
  sandboxState,
  type SandboxProvider,
} from './helpers/sandbox-control.js';

const keys = {
  smartlead: 'sl-valid-key',
  instantly: 'in-valid-key',
  bison: 'eb-valid-key',
  heyreach: 'hr-valid-key',
} as const;
const bisonBase = 'https://dedi.emailbison.com';

/** The typed failure a failing platform call throws (the HTTP layer answers it as a 502). */
async function providerFailure(
  promise: Promise<unknown>,
  kind: ProviderFailureKind,
): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProviderError))
    throw new Error(`expected a ProviderError, got ${String(error)}`);
  expect(error.kind).toBe(kind);
  return error;
}

describe('platform adapters against the sandbox', () => {
  let sandbox: RunningSandbox;
  let endpoints: ProviderEndpoints;
  /** A short time limit, for the hang faults only: the other calls get the default, so a loaded machine cannot time them out. */
  let hurried: ProviderEndpoints;

  beforeAll(async () => {
    sandbox = await startSandbox();
    endpoints = loadProviderEndpoints({ SANDBOX_URL: sandbox.url });
    hurried = loadProviderEndpoints({ SANDBOX_URL: sandbox.url, PROVIDER_TIMEOUT_MS: '400' });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(async () => {
    await resetSandbox(sandbox);
  });

  describe('key checks', () => {
    it.each([
      ['smartlead', keys.smartlead, 'Smartlead did not accept the API key: Invalid API Key'],
      ['instantly', keys.instantly, 'Instantly did not accept the API key: Invalid API key'],
      ['bison', keys.bison, 'EmailBison did not accept the API key: Unauthenticated.'],
      ['heyreach', keys.heyreach, 'HeyReach did not accept the API key: Invalid API key.'],
    ] as const)(
      '%s: the seeded key is valid, another is an answer with the platform message',
      async (platform, validKey, message) => {
        const adapter = platformAdapters[platform];
        await expect(
          adapter.checkKey(endpoints, { apiKey: validKey, baseUrl: bisonBase }),
        ).resolves.toEqual({ valid: true });
        await expect(
          adapter.checkKey(endpoints, { apiKey: 'not-the-key-1234', baseUrl: bisonBase }),
        ).resolves.toEqual({ valid: false, message });
      },
    );

    it('sends each platform its own credential form', async () => {
      await checkSmartleadKey(endpoints, { apiKey: keys.smartlead });
      await checkInstantlyKey(endpoints, { apiKey: keys.instantly });
      await checkBisonKey(endpoints, { apiKey: keys.bison, baseUrl: bisonBase });
      await checkHeyReachKey(endpoints, { apiKey: keys.heyreach });
      expect((await sandboxRequests(sandbox, 'smartlead'))[0]).toMatchObject({
        method: 'GET',
        status: 200,
      });
      expect((await sandboxRequests(sandbox, 'smartlead'))[0]?.url).toMatch(
        /^\/smartlead\/api\/v1\/client\/?\?api_key=/,
      );
      expect((await sandboxRequests(sandbox, 'instantly'))[0]).toMatchObject({
        url: '/instantly/api/v2/workspaces/current',
        status: 200,
      });
      expect((await sandboxRequests(sandbox, 'emailbison'))[0]).toMatchObject({
        url: '/emailbison/api/users',
        status: 200,
      });
      expect((await sandboxRequests(sandbox, 'heyreach'))[0]).toMatchObject({
        url: '/heyreach/api/public/auth/CheckApiKey',
        status: 200,
      });
    });

    it('never puts the key into a message, and refuses a key that cannot be sent without calling', async () => {
      const check = await checkSmartleadKey(endpoints, { apiKey: 'wrong key with spaces' });
      expect(check).toEqual({
        valid: false,
        message: 'Smartlead did not accept the API key: it has characters an API key cannot have',
      });
      expect(await sandboxRequests(sandbox, 'smartlead')).toEqual([]);
      const wrong = await checkInstantlyKey(endpoints, { apiKey: 'secret-secret-secret' });
      expect(wrong.valid).toBe(false);
      expect(JSON.stringify(wrong)).not.toContain('secret-secret-secret');
    });

    it.each([
      ['smartlead', 'smartlead', 'Smartlead'],
      ['instantly', 'instantly', 'Instantly'],
      ['bison', 'emailbison', 'EmailBison'],
      ['heyreach', 'heyreach', 'HeyReach'],
    ] as const)(
      '%s: 429, 500 and a hang are typed failures (rate-limited with Retry-After, unavailable, timeout) naming the platform',
      async (platform, provider: SandboxProvider, name) => {
        const check = () =>
          platformAdapters[platform].checkKey(hurried, {
            apiKey: keys[platform],
            baseUrl: bisonBase,
          });
        await injectFault(sandbox, provider, '429', { retryAfterSeconds: 7 });
        const limited = await providerFailure(check(), 'rate-limited');
        expect(limited).toMatchObject({
          provider: name,
          retryable: true,
          retryAfterMs: 7000,
          status: 429,
        });
        expect(limited.message).toBe(
          `${name} is limiting requests (status 429) while checking the API key; try again later`,
        );
        await injectFault(sandbox, provider, '500');
        const failed = await providerFailure(check(), 'unavailable');
        expect(failed).toMatchObject({ provider: name, retryable: true, status: 500 });
        expect(failed.message).toBe(`${name} failed while checking the API key (status 500)`);
        await injectFault(sandbox, provider, 'hang', { hangMs: 5000 });
        const hung = await providerFailure(check(), 'timeout');
        expect(hung).toMatchObject({ provider: name, retryable: true });
        expect(hung.message).toBe(`${name} did not answer in time while checking the API key`);
      },
    );
  });

  describe('EmailBison base URLs', () => {
    it("sends every instance to the override (the sandbox) when one is set, else to the key's instance", () => {
      expect(bisonApiBase(endpoints, 'https://anything.example')).toBe(`${sandbox.url}/emailbison`);
      const real = loadProviderEndpoints({ SANDBOX_URL: 'off' });
      expect(bisonApiBase(real, 'https://dedi.emailbison.com/api/')).toBe(
        'https://dedi.emailbison.com',
      );
      expect(bisonApiBase(real, null)).toBeUndefined();
      expect(normalizeBisonBaseUrl('ftp://x.example')).toBeUndefined();
      expect(normalizeBisonBaseUrl('https://bison.acme.example/custom/')).toBe(
        'https://bison.acme.example/custom',
      );
    });

    it('answers "needs the base URL" without a call when there is none and no override', async () => {
      const real = loadProviderEndpoints({ SANDBOX_URL: 'off' });
      await expect(checkBisonKey(real, { apiKey: keys.bison, baseUrl: null })).resolves.toEqual({
        valid: false,
        message: 'EmailBison needs the base URL of your instance',
      });
    });
  });

  describe('lead categories', () => {
    it('smartlead: the platform categories', async () => {
      const answer = await smartleadLeadCategories(endpoints, { apiKey: keys.smartlead });
      expect(answer.ok && answer.data.slice(0, 2)).toEqual([
        { id: 1, name: 'Interested', created_at: '2022-01-01T00:00:00.000Z' },
        { id: 2, name: 'Meeting Request', created_at: '2022-01-01T00:00:00.000Z' },
      ]);
      expect(answer.ok && answer.data).toHaveLength(8);
    });

    it('instantly: the lead labels', async () => {
      const answer = await instantlyLeadCategories(endpoints, { apiKey: keys.instantly });
      if (!answer.ok) throw new Error(answer.message);
      expect(answer.data.map((category) => category.name)).toEqual([
        'Hot Lead',
        'Interested',
        'Meeting Booked',
        'Not Interested',
        'Wrong Person',
        'Out of Office',
        'Nurture in Q3',
      ]);
      expect(typeof answer.data[0]?.id).toBe('string');
    });

    it('bison has the fixed category, heyreach the stored ones', () => {
      expect(platformAdapters.bison.leadCategories).toEqual({
        source: 'fixed',
        categories: [{ id: 'lead_interested', name: 'Interested', created_at: null }],
      });
      expect(platformAdapters.heyreach.leadCategories).toEqual({ source: 'stored' });
    });

    it('an invalid key is an answer, not a failure', async () => {
      await expect(smartleadLeadCategories(endpoints, { apiKey: 'nope-nope' })).resolves.toEqual({
        ok: false,
        reason: 'invalid-key',
        message: 'Smartlead did not accept the API key: Invalid API Key',
      });
      await expect(
        instantlyLeadCategories(endpoints, { apiKey: 'nope-nope' }),
      ).resolves.toMatchObject({ ok: false, reason: 'invalid-key' });
    });
  });

  describe('lookups', () => {
    it('smartlead clients', async () => {
      await expect(listSmartleadClients(endpoints, { apiKey: keys.smartlead })).resolves.toEqual({
        ok: true,
        data: [
          { id: 301, name: 'Acme Agency', email: 'ops@acme-agency.example' },
          { id: 302, name: 'Globex Outreach', email: 'team@globex-outreach.example' },
          { id: 303, name: 'Initech Growth', email: 'growth@initech.example' },
        ],
      });
    });

    it('heyreach: reads the lead lists page by page and creates one', async () => {
      await expect(listHeyReachLists(endpoints, { apiKey: keys.heyreach })).resolves.toEqual({
        ok: true,
        data: [
          { id: 51001, name: 'Do not contact (LinkedIn)' },
          { id: 51002, name: 'Webinar attendees (March)' },
        ],
      });
      const created = await createHeyReachList(
        endpoints,
        { apiKey: keys.heyreach },
        'Blocked by CRM Sync',
      );
      expect(created).toEqual({ ok: true, data: { id: 51004, name: 'Blocked by CRM Sync' } });
      const again = await listHeyReachLists(endpoints, { apiKey: keys.heyreach });
      expect(again.ok && again.data.map((list) => list.id)).toEqual([51001, 51002, 51004]);
    });

    it('heyreach: pages through more than 100 lists', async () => {
      for (let index = 0; index < 120; index += 1)
        await createHeyReachList(endpoints, { apiKey: keys.heyreach }, `List ${index}`);
      const answer = await listHeyReachLists(endpoints, { apiKey: keys.heyreach });
      expect(answer.ok && answer.data).toHaveLength(122);
      const pages = (await sandboxRequests(sandbox, 'heyreach')).filter((request) =>
        request.url.endsWith('/list/GetAll'),
      );
      expect(
        pages.map((request) => (request.body as { offset: number }).offset).sort((a, b) => a - b),
      ).toEqual([0, 100]);
    });

    it('heyreach: a refused list name is the platform message', async () => {
      await expect(createHeyReachList(endpoints, { apiKey: keys.heyreach }, '  ')).resolves.toEqual(
        {
          ok: false,
          reason: 'rejected',
          message: 'HeyReach refused the request: The Name field is required.',
        },
      );
    });
  });

  describe('block list pushes (for the block-list sync)', () => {
    it('smartlead: add-domain-block-list for a client, duplicates counted as already blocked', async () => {
      const answer = await addToSmartleadBlockList(
        endpoints,
        { apiKey: keys.smartlead },
        { values: ['new@lead.example', 'blocked.example', ' '], clientId: 301 },
      );
      expect(answer).toEqual({
        ok: true,
        data: { sent: 2, added: 2, alreadyBlocked: 0, alreadyPresent: [], failed: 0, errors: [] },
      });
      const again = await addToSmartleadBlockList(
        endpoints,
        { apiKey: keys.smartlead },
        { values: ['new@lead.example'], clientId: 301 },
      );
      expect(again).toEqual({
        ok: true,
        data: { sent: 1, added: 0, alreadyBlocked: 1, alreadyPresent: [], failed: 0, errors: [] },
      });
      const state = await sandboxState<{
        blockList: { email_or_domain: string; client_id: number | null }[];
      }>(sandbox, 'smartlead');
      expect(
        state.blockList
          .filter((entry) => entry.client_id === 301)
          .map((entry) => entry.email_or_domain),
      ).toEqual(['legal@acme-agency-client.example', 'new@lead.example', 'blocked.example']);
    });

    it('smartlead: an unknown client is the platform refusing', async () => {
      await expect(
        addToSmartleadBlockList(
          endpoints,
          { apiKey: keys.smartlead },
          { values: ['a@b.example'], clientId: 999 },
        ),
      ).resolves.toEqual({
        ok: false,
        reason: 'rejected',
        message: 'Smartlead refused the request: Client not found',
      });
    });

    it('instantly: bulk-create in batches of at most 1000, invalid values counted', async () => {
      const values = [
        ...Array.from({ length: 1001 }, (_, index) => `person${index}@bulk.example`),
        'competitor.example',
        'ünïcode@bad.example',
      ];
      const answer = await addToInstantlyBlockList(endpoints, { apiKey: keys.instantly }, values);
      expect(answer).toEqual({
        ok: true,
        // the values it made no entry for (the domain already blocked, the refused one) are not the list's to remove
        data: {
          sent: 1003,
          added: 1001,
          alreadyBlocked: 1,
          alreadyPresent: ['competitor.example', 'ünïcode@bad.example'],
          failed: 1,
          errors: ['Instantly refused 1 value(s) that are not a valid email or domain'],
        },
      });
      const calls = (await sandboxRequests(sandbox, 'instantly')).filter((request) =>
        request.url.endsWith('/bulk-create'),
      );
      expect(
        calls
          .map((request) => (request.body as { bl_values: string[] }).bl_values.length)
          .sort((a, b) => a - b),
      ).toEqual([3, 1000]);
    });

    it('bison: emails and domains to their blacklists, "already been taken" counted as done', async () => {
      const answer = await addToBisonBlockList(
        endpoints,
        { apiKey: keys.bison, baseUrl: bisonBase },
        [
          'ceo@competitor.example',
          'new@lead.example',
          'fresh-domain.example',
          'spamtrap.example',
          'not an email@x',
        ],
      );
      expect(answer).toEqual({
        ok: true,
        data: {
          sent: 5,
          added: 2,
          alreadyBlocked: 2,
          alreadyPresent: ['ceo@competitor.example', 'spamtrap.example'],
          failed: 1,
          errors: ['not an email@x: The email field must be a valid email address.'],
        },
      });
      const state = await sandboxState<{
        blacklistedEmails: { email: string }[];
        blacklistedDomains: { domain: string }[];
      }>(sandbox, 'emailbison');
      expect(state.blacklistedEmails.map((entry) => entry.email)).toContain('new@lead.example');
      expect(state.blacklistedDomains.map((entry) => entry.domain)).toContain(
        'fresh-domain.example',
      );
    });

    it('bison: an invalid token stops the push as an invalid key', async () => {
      await expect(
        addToBisonBlacklist(endpoints, { apiKey: 'bad-token', baseUrl: bisonBase }, 'domain', [
          'x.example',
        ]),
      ).resolves.toEqual({
        ok: false,
        reason: 'invalid-key',
        message: 'EmailBison did not accept the API key: Unauthenticated.',
      });
    });

    it('heyreach: AddLeadsToListV2 in batches of at most 100', async () => {
      const leads = Array.from({ length: 150 }, (_, index) => ({
        profileUrl: `https://www.linkedin.com/in/blocked-${index}`,
        firstName: 'B',
        lastName: String(index),
      }));
      leads.push(
        {
          profileUrl: 'https://www.linkedin.com/in/avery-ortiz',
          firstName: 'Avery',
          lastName: 'Ortiz',
        },
        { profileUrl: 'not-a-profile', firstName: 'X', lastName: 'Y' },
      );
      const answer = await addLeadsToHeyReachList(
        endpoints,
        { apiKey: keys.heyreach },
        51001,
        leads,
      );
      expect(answer).toEqual({
        ok: true,
        data: {
          sent: 152,
          added: 150,
          alreadyBlocked: 1,
          alreadyPresent: [],
          failed: 1,
          errors: ['HeyReach refused 1 lead(s) without a LinkedIn profile URL'],
        },
      });
      const calls = (await sandboxRequests(sandbox, 'heyreach')).filter((request) =>
        request.url.endsWith('/AddLeadsToListV2'),
      );
      expect(
        calls
          .map((request) => (request.body as { leads: unknown[] }).leads.length)
          .sort((a, b) => a - b),
      ).toEqual([52, 100]);
    });

    it('one entry point for the four platforms; a platform failure mid-push is a 502', async () => {
      await expect(
        pushBlockEntries(
          endpoints,
          { apiKey: keys.instantly },
          { platform: 'instantly', values: ['x@y.example'] },
        ),
      ).resolves.toMatchObject({ ok: true, data: { added: 1 } });
      await expect(
        pushBlockEntries(
          endpoints,
          { apiKey: keys.heyreach },
          {
            platform: 'heyreach',
            listId: 404,
            leads: [{ profileUrl: 'https://www.linkedin.com/in/a' }],
          },
        ),
      ).resolves.toEqual({
        ok: false,
        reason: 'rejected',
        message: 'HeyReach refused the request: List 404 was not found.',
      });
      await injectFault(sandbox, 'smartlead', '500', {
        route: 'POST /api/v1/leads/add-domain-block-list',
      });
      const error = await providerFailure(
        pushBlockEntries(
          endpoints,
          { apiKey: keys.smartlead },
          { platform: 'smartlead', values: ['x@y.example'] },
        ),
        'unavailable',
      );
      expect(error.message).toBe(
        'Smartlead failed while adding entries to the block list (status 500)',
      );
    });
  });
});
