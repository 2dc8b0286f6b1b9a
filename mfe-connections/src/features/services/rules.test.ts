import type { UserAccount } from 'shared/contract';
import { afterCreate, canDelete, checkEndpointForm, deleteQuestion, emptyEndpointForm, withCreatedAccount, withoutAccount } from './rules';

const filled = { userProfileId: 7, url: ' https://hooks.example.test/in ', description: ' CRM mirror ' };
const account = (id: number, fields: Partial<UserAccount> = {}): UserAccount => ({ id, url: `https://hooks.example.test/${id}`, description: `Endpoint ${id}`, canDelete: true, userProfileId: 7, ...fields });

describe('Webhook endpoint (user account) create (spec §5)', () => {
  it('says "Select Profile" without a profile', () => {
    expect(checkEndpointForm({ ...filled, userProfileId: null })).toEqual({ ok: false, message: 'Select Profile' });
  });
  it('says "Fill URL" for a blank URL', () => {
    expect(checkEndpointForm({ ...filled, url: '  ' })).toEqual({ ok: false, message: 'Fill URL' });
  });
  it('says "Fill Description" for a blank description', () => {
    expect(checkEndpointForm({ ...filled, description: '' })).toEqual({ ok: false, message: 'Fill Description' });
  });
  it.each(['hooks.example.test', 'not a url', 'mailto:a@b.test'])('says "Your webhook URL is not accepting data" for %j', (url) => {
    expect(checkEndpointForm({ ...filled, url })).toEqual({ ok: false, message: 'Your webhook URL is not accepting data' });
  });
  it('checks profile, URL, description, then the URL format', () => {
    expect(checkEndpointForm(emptyEndpointForm)).toMatchObject({ message: 'Select Profile' });
    expect(checkEndpointForm({ userProfileId: 7, url: 'nope', description: '' })).toMatchObject({ message: 'Fill Description' });
  });
  it('builds the trimmed body', () => {
    expect(checkEndpointForm(filled)).toEqual({ ok: true, body: { userProfileId: 7, url: 'https://hooks.example.test/in', description: 'CRM mirror' } });
  });
  it('keeps the profile after a create and clears the rest', () => {
    expect(afterCreate(filled)).toEqual({ userProfileId: 7, url: '', description: '' });
  });
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
    expect(deleteQuestion(account(4))).toBe('Do you want to delete the endpoint https://hooks.example.test/4?');
  });
});
