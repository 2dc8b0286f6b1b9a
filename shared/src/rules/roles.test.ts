import { isAdmin, isManager, isManagerOrAdmin } from './roles';
import {
  grantedPermissions,
  permissionLabels,
  roleLabel,
  userPermissionsForm,
  userPermissionsOf,
  userUpdatedMessage,
} from './users';
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
  it('names the granted permissions in words, in the spec order of the flags', () => {
    const granted = grantedPermissions({
      canWebhook: true,
      canUserAccount: false,
      canBlockList: true,
    });
    expect(granted).toEqual(['canWebhook', 'canBlockList']);
    expect(granted.map((flag) => permissionLabels[flag])).toEqual(['Webhooks', 'Block lists']);
    expect(permissionLabels.canUserAccount).toBe('Webhook endpoints');
    expect(
      grantedPermissions({ canWebhook: false, canUserAccount: false, canBlockList: false }),
    ).toEqual([]);
  });
  it('shows each role one way: Admin, Manager, User', () => {
    expect([roleLabel('ADMIN'), roleLabel('MANAGER'), roleLabel(null)]).toEqual([
      'Admin',
      'Manager',
      'User',
    ]);
  });
  it('sets one flag of the dialog and sends the three flags only', () => {
    const { apply, problem, toPayload } = userPermissionsForm;
    const state = apply(
      userPermissionsOf({
        canWebhook: true,
        canUserAccount: false,
        canBlockList: false,
        email: 'x',
      } as never),
      { field: 'canUserAccount', value: true },
    );
    expect(problem(state)).toBeNull();
    expect(toPayload(state)).toEqual({
      canWebhook: true,
      canUserAccount: true,
      canBlockList: false,
    });
  });
});

describe('toasts (spec §8, §9)', () => {
  it('titles errors "Error" for 3 seconds and validation warnings "Validation"', () => {
    expect(errorToast('boom')).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'boom',
      life: 3000,
    });
    expect(validationToast('Fill URL')).toEqual({
      severity: 'warn',
      summary: 'Validation',
      detail: 'Fill URL',
      life: 3000,
    });
  });
});
