import { isAdmin, isManager, isManagerOrAdmin } from './roles';
import { approvalsLabel, userUpdatedMessage } from './users';
import { errorToast, validationToast } from './toast';

describe('role checks (spec §6)', () => {
  it.each([
    ['ADMIN', true, false, true],
    ['MANAGER', false, true, true],
    [null, false, false, false],
  ] as const)('%s: admin %s, manager %s, manager-or-admin %s', (role, admin, manager, either) => {
    expect(isAdmin(role)).toBe(admin);
    expect(isManager(role)).toBe(manager);
    expect(isManagerOrAdmin(role)).toBe(either);
  });
});

describe('users rules', () => {
  it('says "{email} updated" after a save', () => {
    expect(userUpdatedMessage('user@example.com')).toBe('user@example.com updated');
  });
  it('lists the granted flags as approvals', () => {
    expect(approvalsLabel({ canWebhook: true, canUserAccount: false, canBlockList: true })).toBe('canWebhook, canBlockList');
    expect(approvalsLabel({ canWebhook: false, canUserAccount: false, canBlockList: false })).toBe('None');
  });
});

describe('toasts (spec §8, §9)', () => {
  it('titles errors "Error" for 3 seconds and validation warnings "Validation"', () => {
    expect(errorToast('boom')).toEqual({ severity: 'error', summary: 'Error', detail: 'boom', life: 3000 });
    expect(validationToast('Fill URL')).toEqual({ severity: 'warn', summary: 'Validation', detail: 'Fill URL', life: 3000 });
  });
});
