import { currentUser } from 'shared/contract';
import { createSession } from '../src/repositories/sessions.js';
import { createTestApp, json, signIn, type TestApp } from './helpers/test-app.js';

describe('GET /api/admin/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ message: 'Sign in to continue' });
  });

  it('answers 401 for an unknown session token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: 'crm_sync_session=forged' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for an expired session', async () => {
    const { token } = await createSession(t.app.db, 1, 1000, new Date(Date.now() - 60_000));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: `crm_sync_session=${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('returns the admin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: await signIn(t.app, 'admin') },
    });
    expect(response.statusCode).toBe(200);
    const body = currentUser.parse(json(response));
    expect(body).toMatchObject({
      id: 1,
      isPaidTier: true,
      isManagerOrAdmin: true,
      isAdmin: true,
      role: 'ADMIN',
      userProfiles: [],
      details: { nickname: 'admin', email: 'admin@example.com' },
    });
    expect(body.details.picture).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('returns the manager', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: await signIn(t.app, 'manager') },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      id: 2,
      isPaidTier: true,
      isManagerOrAdmin: true,
      isAdmin: false,
      role: 'MANAGER',
      details: { nickname: 'manager', email: 'manager@example.com' },
    });
  });

  it('returns the regular user, on the free tier', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { cookie: await signIn(t.app, 'user') },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      id: 3,
      isPaidTier: false,
      isManagerOrAdmin: false,
      isAdmin: false,
      role: null,
      userProfiles: [],
      details: { nickname: 'user', email: 'user@example.com' },
    });
  });
});
