import { z } from 'zod';
import { defineOperations } from './define-operations.js';
import { recordId } from './ids.js';

/** The dashboard's areas a page elsewhere may embed (each one remote). */
export const embedAreas = ['connections', 'webhooks', 'blocklists', 'logs'] as const;
export const embedArea = z.enum(embedAreas);
export type EmbedArea = z.infer<typeof embedArea>;

/** The texts a person or a server developer sees. */
export const embedMessages = {
  name: 'Please enter a name for the embed key',
  areas: 'Name at least one area: connections, webhooks, blocklists or logs',
  email: 'Please give the email of a user of the key’s organization',
  badKey: 'The embed key is not valid or was revoked',
  noUser: 'No user with this email in the embed key’s organization',
  expired: 'The embed token has expired: ask the embedding page for a new one',
  outOfScope: 'This embed token does not cover this call',
} as const;

/** An embed key as the dashboard lists it: never the key itself, which is shown once, at creation. */
export const embedKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, so a person can tell keys apart. */
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type EmbedKey = z.infer<typeof embedKey>;

export const newEmbedKey = z.object({
  name: z.string({ error: embedMessages.name }).trim().min(1, embedMessages.name).max(100),
});

/** The created key with its secret, shown once: the embedding site's server keeps it. */
export const createdEmbedKey = z.object({ embedKey, secret: z.string() });
export type CreatedEmbedKey = z.infer<typeof createdEmbedKey>;

/**
 * POST /embed/tokens, called by the embedding site's server with `Authorization: Bearer <embed key>`:
 * a short-lived token for one user of the key's organization, good for the named areas' calls only.
 */
export const embedTokenRequest = z.object({
  email: z.string({ error: embedMessages.email }).trim().toLowerCase().email(embedMessages.email),
  areas: z.array(embedArea, { error: embedMessages.areas }).min(1, embedMessages.areas),
});
export type EmbedTokenRequest = z.input<typeof embedTokenRequest>;

export const embedToken = z.object({
  token: z.string(),
  expiresAt: z.string(),
  areas: z.array(embedArea),
});
export type EmbedToken = z.infer<typeof embedToken>;

/** Embed keys: an admin creates and revokes them in the dashboard (Connected accounts › Embedding). */
export const embedKeyOperations = defineOperations({
  listEmbedKeys: {
    method: 'GET',
    path: '/api/admin/embed-keys',
    response: z.array(embedKey),
  },
  createEmbedKey: {
    method: 'POST',
    path: '/api/admin/embed-keys',
    body: newEmbedKey,
    response: createdEmbedKey,
  },
  revokeEmbedKey: {
    method: 'DELETE',
    path: '/api/admin/embed-keys/{id}',
    params: z.object({ id: recordId }),
    response: embedKey,
  },
});
