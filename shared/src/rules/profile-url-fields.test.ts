import type { CrmProperty } from '../contract';
import { groupProfileUrlFields, preselectedProfileUrlFields } from './profile-url-fields';

const property = (name: string, label: string, type = 'string'): CrmProperty => ({
  name,
  label,
  description: '',
  type,
});
const linkedIn = property('hs_linkedin_url', 'LinkedIn URL');
const website = property('website', 'Website URL');
const firstName = property('firstname', 'First Name');
const lookupId = property('os_objectlookup_id', 'OS Object Lookup Id');
const created = property('createdate', 'Create Date', 'datetime');
const stage = property('lifecyclestage', 'Lifecycle Stage', 'enumeration');

describe('heyreach profile URL fields', () => {
  it('groups the properties by what they can hold, the likely ones first, empty groups left out', () => {
    expect(groupProfileUrlFields([created, firstName, lookupId, website, stage, linkedIn])).toEqual(
      [
        { label: 'Social profiles and web addresses', properties: [website, linkedIn] },
        { label: 'Other text properties', properties: [firstName] },
        { label: 'CRM Sync properties', properties: [lookupId] },
        { label: 'Numbers, dates and choices', properties: [created, stage] },
      ],
    );
    expect(groupProfileUrlFields([firstName])).toEqual([
      { label: 'Other text properties', properties: [firstName] },
    ]);
  });

  it('preselects the LinkedIn URL properties only', () => {
    const linkedInBio = property('linkedinbio', 'LinkedIn Bio');
    const linkedInProfile = property('linkedin_profile', 'LinkedIn profile');
    const linkedInConnections = property('linkedinconnections', 'LinkedIn Connections', 'number');
    expect(
      preselectedProfileUrlFields([
        website,
        linkedIn,
        linkedInBio,
        linkedInConnections,
        linkedInProfile,
        firstName,
      ]),
    ).toEqual(['hs_linkedin_url', 'linkedin_profile']);
  });
});
