import type { UserAccount } from 'shared/contract';
import {
  canDelete,
  canRevealSecret,
  deleteQuestion,
  endpointCreatedToast,
  endpointDeletedToast,
  withCreatedAccount,
  withoutAccount,
} from './rules';
import { secretCopiedToast } from './secret-rules';

const account = (id: number, fields: Partial<UserAccount> = {}): UserAccount => ({
  id,
  url: `https://hooks.example.test/${id}`,
  description: `Endpoint ${id}`,
  canDelete: true,
  canRevealSecret: true,
  userProfileId: 7,
  ...fields,
});

describe('the endpoint list', () => {
  it('adds a created endpoint at the end and removes a deleted one', () => {
    const list = [account(1), account(2)];
    expect(withCreatedAccount(list, account(3)).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(withoutAccount(list, 1).map((row) => row.id)).toEqual([2]);
    expect(list).toHaveLength(2);
  });
  it('offers delete only where canDelete', () => {
    expect(canDelete(account(1))).toBe(true);
    expect(canDelete(account(1, { canDelete: false }))).toBe(false);
  });
  it('asks "Do you want to delete ...?"', () => {
    expect(deleteQuestion(account(4))).toBe(
      'Do you want to delete the endpoint https://hooks.example.test/4?',
    );
  });
  it('says what was created and deleted', () => {
    expect(endpointCreatedToast(account(4))).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Created webhook endpoint https://hooks.example.test/4',
      life: 3000,
    });
    expect(endpointDeletedToast(account(4)).detail).toBe(
      'Deleted webhook endpoint https://hooks.example.test/4',
    );
  });
  it('shows the signing secret only where canRevealSecret, and says whose was copied', () => {
    expect(canRevealSecret(account(1))).toBe(true);
    expect(canRevealSecret(account(1, { canRevealSecret: false }))).toBe(false);
    expect(secretCopiedToast(account(4))).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Copied the signing secret of https://hooks.example.test/4',
      life: 3000,
    });
  });
});
