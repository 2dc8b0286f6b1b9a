import type { FastifyInstance } from 'fastify';
import { bearer, makeSandbox } from './helpers.js';

describe('Instantly API v2', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const auth = bearer('in-valid-key');
  const get = (url: string) =>
    app.inject({ method: 'GET', url: `/instantly/api/v2${url}`, headers: auth });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/instantly/api/v2${url}`, headers: auth, payload });

  it('answers a missing or wrong key with 401 {statusCode, error, message}', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/instantly/api/v2/workspaces/current',
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Missing Authorization header',
    });
    const wrong = await app.inject({
      method: 'GET',
      url: '/instantly/api/v2/lead-labels',
      headers: bearer('in-wrong'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('validates a key with the current workspace and reads lead labels', async () => {
    expect((await get('/workspaces/current')).json()).toMatchObject({
      name: 'CRM Sync Sandbox Workspace',
      id: expect.any(String),
      owner: expect.any(String),
    });
    const labels = (await get('/lead-labels')).json();
    expect(labels.items.map((label: { label: string }) => label.label)).toEqual([
      'Hot Lead',
      'Interested',
      'Meeting Booked',
      'Not Interested',
      'Wrong Person',
      'Out of Office',
      'Nurture in Q3',
    ]);
    expect(labels.items[0]).toMatchObject({
      interest_status_label: 'positive',
      interest_status: 1,
      organization_id: expect.any(String),
    });
    expect((await get('/lead-labels?interest_status=negative')).json().items).toHaveLength(2);
  });

  it('creates single block-list entries (domain or address), idempotently, and refuses invalid values', async () => {
    const domain = await post('/block-lists-entries', { bl_value: 'Blocked.Example' });
    expect(domain.statusCode).toBe(200);
    expect(domain.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp_created: '2025-06-01T12:00:00.000Z',
      organization_id: expect.any(String),
      bl_value: 'blocked.example',
      is_domain: true,
    });
    const address = (
      await post('/block-lists-entries', { bl_value: 'someone@blocked.example' })
    ).json();
    expect(address.is_domain).toBe(false);
    const again = (await post('/block-lists-entries', { bl_value: 'blocked.example' })).json();
    expect(again.id).toBe(domain.json().id);
    const nonLatin = await post('/block-lists-entries', { bl_value: 'пример@почта.рф' });
    expect(nonLatin.statusCode).toBe(400);
    expect(nonLatin.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((await post('/block-lists-entries', {})).json().message).toBe(
      "body must have required property 'bl_value'",
    );
  });

  it('bulk-creates 1 to 1000 values, counting invalid ones', async () => {
    const values = [
      ...Array.from({ length: 998 }, (_, index) => `bulk-${index}@bulk.example`),
      'not valid',
      'josé@exämple.example',
    ];
    const bulk = await post('/block-lists-entries/bulk-create', { bl_values: values });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toMatchObject({ valid_count: 998, invalid_count: 2 });
    expect(bulk.json().items).toHaveLength(998);
    const tooMany = await post('/block-lists-entries/bulk-create', {
      bl_values: Array.from({ length: 1001 }, (_, index) => `x${index}.example`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('body/bl_values must NOT have more than 1000 items');
    expect((await post('/block-lists-entries/bulk-create', { bl_values: [] })).statusCode).toBe(
      400,
    );
  });

  it('bulk-deletes 1 to 1000 entries by id, answering the entries deleted', async () => {
    const created = (
      await post('/block-lists-entries/bulk-create', {
        bl_values: ['gone-1.example', 'gone-2.example', 'kept.example'],
      })
    ).json().items as { id: string; bl_value: string }[];
    const ids = created
      .filter((entry) => entry.bl_value.startsWith('gone'))
      .map((entry) => entry.id);
    const deleted = await post('/block-lists-entries/bulk-delete', { ids: [...ids, 'no-such-id'] });
    expect(deleted.statusCode).toBe(200);
    expect(
      deleted
        .json()
        .map((entry: { bl_value: string }) => entry.bl_value)
        .sort(),
    ).toEqual(['gone-1.example', 'gone-2.example']);
    const left = (await get('/block-lists-entries?search=.example'))
      .json()
      .items.map((entry: { bl_value: string }) => entry.bl_value);
    expect(left).toContain('kept.example');
    expect(left).not.toContain('gone-1.example');
    expect((await post('/block-lists-entries/bulk-delete', { ids: [] })).statusCode).toBe(400);
    expect(
      (
        await post('/block-lists-entries/bulk-delete', {
          ids: Array.from({ length: 1001 }, (_, index) => `id-${index}`),
        })
      ).statusCode,
    ).toBe(400);
    expect((await post('/block-lists-entries/bulk-delete', {})).json()).toMatchObject({
      statusCode: 400,
      message: "body must have required property 'ids'",
    });
  });

  it('lists entries with cursor paging (limit ≤ 100, starting_after = next_starting_after)', async () => {
    await post('/block-lists-entries/bulk-create', {
      bl_values: Array.from({ length: 247 }, (_, index) => `page-${index}.example`),
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (
        await get(`/block-lists-entries?limit=100${cursor ? `&starting_after=${cursor}` : ''}`)
      ).json();
      pages += 1;
      seen.push(...page.items.map((entry: { bl_value: string }) => entry.bl_value));
      cursor = page.next_starting_after;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect((await get('/block-lists-entries?limit=101')).statusCode).toBe(400);
    expect(
      (await get('/block-lists-entries?domains_only=true&limit=100'))
        .json()
        .items.every((entry: { is_domain: boolean }) => entry.is_domain),
    ).toBe(true);
    expect(
      (await get('/block-lists-entries?search=page-24'))
        .json()
        .items.map((entry: { bl_value: string }) => entry.bl_value),
    ).toEqual([
      'page-24.example',
      'page-240.example',
      'page-241.example',
      'page-242.example',
      'page-243.example',
      'page-244.example',
      'page-245.example',
      'page-246.example',
    ]);
  });

  it('reads and deletes one entry', async () => {
    const entry = (await post('/block-lists-entries', { bl_value: 'gone.example' })).json();
    expect((await get(`/block-lists-entries/${entry.id}`)).json().bl_value).toBe('gone.example');
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/instantly/api/v2/block-lists-entries/${entry.id}`,
          headers: auth,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(`/block-lists-entries/${entry.id}`)).statusCode).toBe(404);
  });
});
