import type { DashboardUser } from 'shared/contract';
import { cellText, replaceUser } from './rules';

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
  it('shows a dash for a missing value and the value otherwise', () => {
    expect(cellText(null)).toBe('—');
    expect(cellText('')).toBe('—');
    expect(cellText(0)).toBe('0');
    expect(cellText('acme.example')).toBe('acme.example');
  });

  it('replaces the updated user in the list and keeps the others and the order', () => {
    const users = [row(1, 'a@example.com'), row(2, 'b@example.com')];
    const updated = { ...users[1], canWebhook: true };
    expect(replaceUser(users, updated)).toEqual([users[0], updated]);
    expect(users[1].canWebhook).toBe(false);
  });
});
