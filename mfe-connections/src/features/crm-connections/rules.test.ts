import {
  ACCOUNT_DELETED,
  connectedAccountToast,
  deleteProfileQuestion,
  deleteSettingsQuestion,
  profileName,
  profileStatusLabel,
  settingsStatusLabel,
  withCreatedSettings,
  withoutProfile,
  withoutSettings,
} from './rules';
import { profileRow, settingsRow } from './test-data';

const profile = profileRow;
const settings = settingsRow;

describe('the HubSpot connected-account check (spec §2)', () => {
  it('shows its title and message as a persistent error', () => {
    expect(connectedAccountToast({ title: 'HubSpot account disconnected', message: 'Sign in again' })).toEqual({
      severity: 'error',
      summary: 'HubSpot account disconnected',
      detail: 'Sign in again',
      life: 0,
    });
  });
  it('shows nothing when every account works', () => {
    expect(connectedAccountToast({ title: null, message: null })).toBeNull();
    expect(connectedAccountToast({ title: 'Only a title', message: null })).toBeNull();
  });
});

describe('HubSpot profiles', () => {
  it('names the status and the owner', () => {
    expect(profileStatusLabel('CONNECTED')).toBe('Connected');
    expect(profileStatusLabel('DISCONNECTED')).toBe('Disconnected');
    expect(profileName(profile(1))).toBe('Ada Lovelace');
    expect(profileName(profile(1, { firstName: '', lastName: '' }))).toBe('—');
  });
  it('removes a deleted profile from both tables', () => {
    const lists = { auth0Profiles: [profile(1), profile(2)], organizationProfiles: [profile(3)] };
    expect(withoutProfile(lists, 2)).toEqual({ auth0Profiles: [profile(1)], organizationProfiles: [profile(3)] });
    expect(withoutProfile(lists, 3).organizationProfiles).toEqual([]);
  });
  it('asks "Do you want to delete ...?" and says "Account deleted"', () => {
    expect(deleteProfileQuestion(profile(1))).toBe('Do you want to delete the HubSpot account p1@acme.test (Hub ID 4411)?');
    expect(ACCOUNT_DELETED).toBe('Account deleted');
  });
});

describe('Salesforce settings', () => {
  it('adds created settings at the end and removes deleted ones', () => {
    expect(withCreatedSettings([settings(1)], settings(2)).map((row) => row.id)).toEqual([1, 2]);
    expect(withoutSettings([settings(1), settings(2)], 1).map((row) => row.id)).toEqual([2]);
  });
  it('names the connection state', () => {
    expect(settingsStatusLabel(settings(1))).toBe('Not connected');
    expect(settingsStatusLabel(settings(1, { connected: true, userProfileId: 5 }))).toBe('Connected');
    expect(settingsStatusLabel(settings(1, { connected: false, userProfileId: 5 }))).toBe('Disconnected');
  });
  it('asks "Do you want to delete ...?"', () => {
    expect(deleteSettingsQuestion(settings(1))).toBe('Do you want to delete the Salesforce settings of https://org1.my.salesforce.com?');
  });
});
