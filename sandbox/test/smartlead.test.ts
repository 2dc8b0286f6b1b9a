import type { FastifyInstance } from 'fastify';
import { makeSandbox } from './helpers.js';

describe('Smartlead', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const key = 'api_key=sl-valid-key';

  it('answers an unknown or missing key with 401 {message: "Invalid API Key"} on every route', async () => {
    for (const url of [
      '/smartlead/api/v1/client/?api_key=wrong',
      '/smartlead/api/v1/leads/fetch-categories',
      '/smartlead/api/v1/leads/get-domain-block-list?api_key=sl-invalid',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid API Key' });
    }
    const post = await app.inject({
      method: 'POST',
      url: '/smartlead/api/v1/leads/add-domain-block-list?api_key=nope',
      payload: { domain_block_list: ['x.example'] },
    });
    expect(post.statusCode).toBe(401);
  });

  it('lists the seeded clients, with or without the trailing slash', async () => {
    for (const url of [`/smartlead/api/v1/client/?${key}`, `/smartlead/api/v1/client?${key}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(
        response.json().map((client: { id: number; name: string }) => [client.id, client.name]),
      ).toEqual([
        [301, 'Acme Agency'],
        [302, 'Globex Outreach'],
        [303, 'Initech Growth'],
      ]);
    }
  });

  it('lists lead categories with id, name and sentiment_type, sorted by id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/smartlead/api/v1/leads/fetch-categories?${key}`,
    });
    const categories = response.json();
    expect(categories[0]).toEqual({
      id: 1,
      name: 'Interested',
      sentiment_type: 'positive',
      created_at: expect.any(String),
    });
    expect(categories.map((category: { id: number }) => category.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 789,
    ]);
  });

  it('adds emails and domains to the global block list, once each, optionally for a client', async () => {
    const add = await app.inject({
      method: 'POST',
      url: `/smartlead/api/v1/leads/add-domain-block-list?${key}`,
      payload: {
        domain_block_list: ['Blocked.Example', 'person@blocked.example', 'competitor.example'],
        client_id: null,
      },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ success: true, message: '2 entries added to block list' });
    const forClient = await app.inject({
      method: 'POST',
      url: `/smartlead/api/v1/leads/add-domain-block-list?${key}`,
      payload: { domain_block_list: ['client-only.example'], client_id: 302 },
    });
    expect(forClient.json().message).toBe('1 entries added to block list');
    const list = (
      await app.inject({
        method: 'GET',
        url: `/smartlead/api/v1/leads/get-domain-block-list?${key}&limit=1000`,
      })
    ).json();
    expect(list.map((entry: { email_or_domain: string }) => entry.email_or_domain)).toEqual(
      expect.arrayContaining([
        'blocked.example',
        'person@blocked.example',
        'client-only.example',
        'competitor.example',
      ]),
    );
    expect(
      list.find(
        (entry: { email_or_domain: string }) => entry.email_or_domain === 'client-only.example',
      ),
    ).toMatchObject({ client_id: 302, source: 'API' });
  });

  it('rejects a body without an array and an unknown client', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: `/smartlead/api/v1/leads/add-domain-block-list?${key}`,
      payload: { domain_block_list: 'x.example' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: 'domain_block_list must be an array' });
    const unknown = await app.inject({
      method: 'POST',
      url: `/smartlead/api/v1/leads/add-domain-block-list?${key}`,
      payload: { domain_block_list: ['x.example'], client_id: 999 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages the block list with offset and limit (1 to 1000) and filters it', async () => {
    const values = Array.from(
      { length: 25 },
      (_, index) => `paged-${String(index).padStart(2, '0')}.example`,
    );
    await app.inject({
      method: 'POST',
      url: `/smartlead/api/v1/leads/add-domain-block-list?${key}`,
      payload: { domain_block_list: values },
    });
    const seen: string[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = (
        await app.inject({
          method: 'GET',
          url: `/smartlead/api/v1/leads/get-domain-block-list?${key}&offset=${offset}&limit=10`,
        })
      ).json();
      seen.push(...page.map((entry: { email_or_domain: string }) => entry.email_or_domain));
      if (page.length < 10) break;
    }
    expect(seen).toHaveLength(28);
    expect(new Set(seen).size).toBe(28);
    const tooBig = await app.inject({
      method: 'GET',
      url: `/smartlead/api/v1/leads/get-domain-block-list?${key}&limit=1001`,
    });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toEqual({ error: 'Limit must be between 1 and 1000' });
    const filtered = (
      await app.inject({
        method: 'GET',
        url: `/smartlead/api/v1/leads/get-domain-block-list?${key}&filter_client_id=301`,
      })
    ).json();
    expect(filtered.map((entry: { email_or_domain: string }) => entry.email_or_domain)).toEqual([
      'legal@acme-agency-client.example',
    ]);
  });

  it('deletes a block-list entry by id', async () => {
    const removed = await app.inject({
      method: 'DELETE',
      url: `/smartlead/api/v1/leads/delete-domain-block-list/228361001?${key}`,
    });
    expect(removed.json()).toEqual({ success: true, message: 'Entry deleted successfully' });
    const again = await app.inject({
      method: 'DELETE',
      url: `/smartlead/api/v1/leads/delete-domain-block-list/228361001?${key}`,
    });
    expect(again.statusCode).toBe(404);
  });
});
