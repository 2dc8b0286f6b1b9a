import type { EmbedKey } from 'shared/contract';
import {
  keyCreatedToast,
  keyStatus,
  revokeQuestion,
  shownKey,
  withCreatedKey,
  withRevokedKey,
} from './rules';

const key = (id: number, fields: Partial<EmbedKey> = {}): EmbedKey => ({
  id,
  name: `Portal ${id}`,
  prefix: 'ek_AbC123',
  createdBy: 'admin@acme.test',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...fields,
});

describe('embed key rules', () => {
  it('puts a created key first and marks a revoked one in place', () => {
    const listed = [key(1), key(2)];
    expect(withCreatedKey(listed, { embedKey: key(3), secret: 'ek_x' }).map((k) => k.id)).toEqual([
      3, 1, 2,
    ]);
    const revoked = key(2, { revokedAt: '2026-03-02T00:00:00.000Z' });
    expect(withRevokedKey(listed, revoked).map(keyStatus)).toEqual(['Active', 'Revoked']);
  });

  it('shows the key by its first characters and names it in its texts', () => {
    expect(shownKey(key(1))).toBe('ek_AbC123…');
    expect(revokeQuestion(key(1))).toBe('Do you want to revoke the embed key Portal 1?');
    expect(keyCreatedToast(key(1)).detail).toBe(
      'Created embed key Portal 1: copy it now, it is shown once',
    );
  });
});
