import helmet from 'helmet';
import { globalPlugin } from './global-plugin.js';

export interface SecurityHeadersOptions extends Record<string, unknown> {
  publicUrl: string;
  /** Where the shell loads the remotes' manifests, scripts and styles from (MFE_*_URL). */
  remoteEntries: string[];
}

/** The CSP of the dashboard's pages: its own origin, plus the remotes' origins for what Module Federation loads. */
export function dashboardCsp(remoteOrigins: string[], https: boolean): Record<string, string[]> {
  const self = ["'self'", ...remoteOrigins];
  return {
    'default-src': ["'self'"],
    'script-src': self,
    // Chakra (emotion) writes <style> elements at run time.
    'style-src': [...self, "'unsafe-inline'"],
    'font-src': [...self, 'data:'],
    // Avatars: data: URLs from the embedded provider, any https picture from a hosted issuer.
    'img-src': [...self, 'data:', 'https:'],
    'connect-src': self,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (helmet): the dashboard's CSP, no framing, nosniff,
 * Referrer-Policy, HSTS behind https; and Cache-Control: no-store on every /api answer. Pages with
 * their own stricter headers (the sign-in pages) set them over these.
 */
export const securityHeadersPlugin = globalPlugin<SecurityHeadersOptions>(
  async (app, { publicUrl, remoteEntries }) => {
    const https = publicUrl.startsWith('https:');
    const remoteOrigins = [...new Set(remoteEntries.map((entry) => new URL(entry).origin))].filter(
      (origin) => origin !== new URL(publicUrl).origin,
    );
    // helmet's middleware built once (@fastify/helmet builds it again on every request)
    const applyHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: dashboardCsp(remoteOrigins, https) },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      applyHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      ),
    );
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.url === '/api' ||
        request.url.startsWith('/api/') ||
        request.url.startsWith('/api?')
      )
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
);
