import type { DashboardUser } from 'shared/contract';
import { cellText, grantedFlags, permissionFlagsOf, replaceUser, roleLabel, withFlag } from './rules';

const row = (id: number, email: string, flags: Partial<DashboardUser> = {}): DashboardUser => ({
  id,
  accountId: `acc-${id}`,
  organizationId: 100 + id,
  account: 'Acme',
  email,
  role: null,
  hubDomain: 'acme.example',
  canWebhook: false,
  canUserAccount: false,
  canBlockList: false,
  ...flags,
});

describe('users rules', () => {
  it.each([
    ['ADMIN', 'ADMIN'],
    ['MANAGER', 'MANAGER'],
    [null, 'User'],
  ] as const)('shows role %s as %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it('shows a dash for a missing value and the value otherwise', () => {
    expect(cellText(null)).toBe('—');
    expect(cellText('')).toBe('—');
    expect(cellText(0)).toBe('0');
    expect(cellText('acme.example')).toBe('acme.example');
  });

  it('takes exactly the three permission flags from a row', () => {
    const flags = permissionFlagsOf(row(1, 'a@example.com', { canWebhook: true, canBlockList: true }));
    expect(flags).toEqual({ canWebhook: true, canUserAccount: false, canBlockList: true });
    expect(Object.keys(flags)).toEqual(['canWebhook', 'canUserAccount', 'canBlockList']);
  });

  it('sets or clears one flag without touching the others', () => {
    const flags = { canWebhook: true, canUserAccount: false, canBlockList: true };
    expect(withFlag(flags, 'canUserAccount', true)).toEqual({ canWebhook: true, canUserAccount: true, canBlockList: true });
    expect(withFlag(flags, 'canWebhook', false)).toEqual({ canWebhook: false, canUserAccount: false, canBlockList: true });
    expect(flags).toEqual({ canWebhook: true, canUserAccount: false, canBlockList: true });
  });

  it('lists the granted flags in the spec order', () => {
    expect(grantedFlags({ canWebhook: true, canUserAccount: false, canBlockList: true })).toEqual(['canWebhook', 'canBlockList']);
    expect(grantedFlags({ canWebhook: false, canUserAccount: false, canBlockList: false })).toEqual([]);
  });

  it('replaces the updated user in the list and keeps the others and the order', () => {
    const users = [row(1, 'a@example.com'), row(2, 'b@example.com')];
    const updated = { ...users[1], canWebhook: true };
    expect(replaceUser(users, updated)).toEqual([users[0], updated]);
    expect(users[1].canWebhook).toBe(false);
  });
});
