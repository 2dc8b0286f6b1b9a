import { integrationRow } from 'shared/testing';
import {
  ACCOUNT_DELETED,
  connectedHubspotProfile,
  connectedToast,
  ownerEmailsOf,
  salesforceAccountName,
  settingsCreatedToast,
  settingsDeletedToast,
  connectedAccountToast,
  deleteProfileQuestion,
  deleteSettingsQuestion,
  hasUndeletable,
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
    expect(
      connectedAccountToast({ title: 'HubSpot account disconnected', message: 'Sign in again' }),
    ).toEqual({
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
  it('tells a list with profiles the viewer may not delete', () => {
    expect(hasUndeletable([profile(1)])).toBe(false);
    expect(hasUndeletable([profile(1), profile(2, { canDelete: false })])).toBe(true);
  });
  it('removes a deleted profile from both tables', () => {
    const lists = { auth0Profiles: [profile(1), profile(2)], organizationProfiles: [profile(3)] };
    expect(withoutProfile(lists, 2)).toEqual({
      auth0Profiles: [profile(1)],
      organizationProfiles: [profile(3)],
    });
    expect(withoutProfile(lists, 3).organizationProfiles).toEqual([]);
  });
  it('asks "Do you want to delete ...?" naming another owner, and says "Account deleted"', () => {
    expect(deleteProfileQuestion(profile(1))).toBe(
      'Do you want to delete the HubSpot account p1@acme.test (Hub ID 4411)?',
    );
    expect(deleteProfileQuestion(profile(2), 'meg@acme.test')).toBe(
      "Do you want to delete meg@acme.test's HubSpot account p2@acme.test (Hub ID 4411)?",
    );
    expect(ACCOUNT_DELETED).toBe('Account deleted');
  });
});

describe('coming back from a CRM sign-in', () => {
  const known = {
    crm: 'HUBSPOT' as const,
    known: [
      { id: 1, status: 'CONNECTED' as const },
      { id: 2, status: 'DISCONNECTED' as const },
    ],
  };
  it('names a new profile, or one that works again', () => {
    expect(connectedHubspotProfile(known, [profile(1), profile(3)])?.id).toBe(3);
    expect(connectedHubspotProfile(known, [profile(1), profile(2)])?.id).toBe(2);
  });
  it('names none when nothing was connected', () => {
    expect(
      connectedHubspotProfile(known, [profile(1), profile(2, { status: 'DISCONNECTED' })]),
    ).toBeNull();
  });
  it('says "Connected {account}", a Salesforce org by its My Domain host', () => {
    expect(connectedToast('me@acme.test')).toEqual({
      severity: 'success',
      summary: 'Success',
      detail: 'Connected me@acme.test',
      life: 3000,
    });
    expect(salesforceAccountName(settings(1))).toBe('org1.my.salesforce.com');
  });
  it("tells each profile's owner from the organization's integrations", () => {
    expect(ownerEmailsOf([integrationRow(4, { ownerEmail: 'meg@acme.test' })]).get(4)).toBe(
      'meg@acme.test',
    );
  });
});

describe('Salesforce settings', () => {
  it('says what was created and deleted', () => {
    expect(settingsCreatedToast(settings(1)).detail).toBe(
      'Created Salesforce settings for org1.my.salesforce.com',
    );
    expect(settingsDeletedToast(settings(1)).detail).toBe(
      'Deleted Salesforce settings of org1.my.salesforce.com',
    );
  });
  it('adds created settings at the end and removes deleted ones', () => {
    expect(withCreatedSettings([settings(1)], settings(2)).map((row) => row.id)).toEqual([1, 2]);
    expect(withoutSettings([settings(1), settings(2)], 1).map((row) => row.id)).toEqual([2]);
  });
  it('names the connection state', () => {
    expect(settingsStatusLabel(settings(1))).toBe('Not connected');
    expect(settingsStatusLabel(settings(1, { connected: true, userProfileId: 5 }))).toBe(
      'Connected',
    );
    expect(settingsStatusLabel(settings(1, { connected: false, userProfileId: 5 }))).toBe(
      'Disconnected',
    );
  });
  it('asks "Do you want to delete ...?"', () => {
    expect(deleteSettingsQuestion(settings(1))).toBe(
      'Do you want to delete the Salesforce settings of https://org1.my.salesforce.com?',
    );
  });
});
