import type { FastifyInstance } from 'fastify';
import { bearer, makeSandbox, publicUrl } from './helpers.js';

describe('EmailBison', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await makeSandbox();
  });
  afterEach(() => app.close());

  const auth = bearer('eb-valid-key');
  const get = (url: string) =>
    app.inject({ method: 'GET', url: `/emailbison/api${url}`, headers: auth });
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/emailbison/api${url}`, headers: auth, payload });

  it('answers a wrong or missing token with 401 {message: "Unauthenticated."}', async () => {
    for (const headers of [{}, bearer('eb-wrong'), { authorization: 'eb-valid-key' }]) {
      const response = await app.inject({ method: 'GET', url: '/emailbison/api/users', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('validates a key with the account details', async () => {
    expect((await get('/users')).json()).toMatchObject({
      data: {
        email: 'operator@bison-sandbox.example',
        team: { name: 'CRM Sync Sandbox Workspace' },
      },
    });
  });

  it('adds blacklisted emails and domains; a duplicate is 422 "already been taken"', async () => {
    const email = await post('/blacklisted-emails', { email: 'New@Prospect.example' });
    expect(email.statusCode).toBe(201);
    expect(email.json()).toEqual({
      data: {
        id: expect.any(Number),
        email: 'new@prospect.example',
        created_at: '2025-06-01T12:00:00.000000Z',
        updated_at: '2025-06-01T12:00:00.000000Z',
      },
    });
    const duplicate = await post('/blacklisted-emails', { email: 'new@prospect.example' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    const domain = await post('/blacklisted-domains', { domain: 'blocked.example' });
    expect(domain.statusCode).toBe(201);
    expect(domain.json().data).toMatchObject({ domain: 'blocked.example' });
    expect((await post('/blacklisted-domains', { domain: 'blocked.example' })).json().message).toBe(
      'The domain has already been taken.',
    );
    expect((await post('/blacklisted-emails', { email: 'nope' })).json()).toMatchObject({
      message: 'The email field must be a valid email address.',
    });
    expect((await post('/blacklisted-domains', {})).json()).toMatchObject({
      message: 'The domain field is required.',
    });
  });

  it('lists 15 a page with Laravel links and meta', async () => {
    for (let index = 0; index < 30; index += 1)
      await post('/blacklisted-emails', { email: `paged${index}@bulk.example` });
    const first = (await get('/blacklisted-emails')).json();
    expect(first.data).toHaveLength(15);
    expect(first.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 15,
      last_page: 3,
      per_page: 15,
      total: 33,
      path: `${publicUrl}/emailbison/api/blacklisted-emails`,
    });
    expect(first.links).toMatchObject({
      first: `${publicUrl}/emailbison/api/blacklisted-emails?page=1`,
      next: `${publicUrl}/emailbison/api/blacklisted-emails?page=2`,
      prev: null,
    });
    const last = (await get('/blacklisted-emails?page=3')).json();
    expect(last.data).toHaveLength(3);
    expect(last.links.next).toBeNull();
    expect(last.meta).toMatchObject({ from: 31, to: 33 });
    const beyond = (await get('/blacklisted-emails?page=9')).json();
    expect(beyond.data).toEqual([]);
    expect((await get('/blacklisted-domains')).json().meta.total).toBe(2);
  });

  it('reads and removes entries by id or by value', async () => {
    expect((await get('/blacklisted-domains/competitor.example')).json().data).toMatchObject({
      domain: 'competitor.example',
    });
    const id = (await get('/blacklisted-emails/ceo@competitor.example')).json().data.id;
    expect((await get(`/blacklisted-emails/${id}`)).json().data.email).toBe(
      'ceo@competitor.example',
    );
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/emailbison/api/blacklisted-emails/${id}`,
          headers: auth,
        })
      ).json(),
    ).toMatchObject({ data: { success: true } });
    expect((await get(`/blacklisted-emails/${id}`)).statusCode).toBe(404);
  });
});
