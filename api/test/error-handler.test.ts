import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { sessionCookieOptions } from '../src/auth/cookies.js';
import { loadConfig } from '../src/config.js';
import { ORIGIN, json, makeTempDir } from './helpers/test-app.js';

describe('error handling', () => {
  it('hides the details of a 5xx and keeps those of a 4xx', async () => {
    const dir = await makeTempDir();
    const app = buildApp(
      loadConfig({
        DATA_DIR: dir,
        DATABASE_PATH: ':memory:',
        LOG_LEVEL: 'silent',
        SHELL_DIST_DIR: path.join(dir, 'none'),
        MAX_EVENT_LOOP_DELAY_MS: '0',
      }),
    );
    app.get('/api/boom', async () => {
      throw new Error('database password is hunter2');
    });
    app.post('/api/teapot', async () => {
      throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
    });
    try {
      const boom = await app.inject({ method: 'GET', url: '/api/boom' });
      expect(boom.statusCode).toBe(500);
      expect(json(boom)).toEqual({ message: 'Something went wrong' });
      expect(boom.body).not.toContain('hunter2');

      const teapot = await app.inject({
        method: 'POST',
        url: '/api/teapot',
        headers: { origin: ORIGIN },
      });
      expect(teapot.statusCode).toBe(418);
      expect(json(teapot)).toEqual({ message: 'I am a teapot' });
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('marks the session cookie Secure only when PUBLIC_URL is https', () => {
    expect(sessionCookieOptions('https://crm.example')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
    });
    expect(sessionCookieOptions('http://localhost:8080')).toMatchObject({ secure: false });
  });
});
