import { systemStatus } from './system-status';

describe('the status widget (issue 56: the api and each remote)', () => {
  it('says all systems are operational only when the api and every remote answer', () => {
    expect(systemStatus({ api: true, unreachable: [] })).toEqual({
      label: 'All systems operational',
      palette: 'green',
    });
  });
  it('names the areas whose remote cannot be reached', () => {
    expect(systemStatus({ api: true, unreachable: ['mfe_logs', 'mfe_webhooks'] })).toEqual({
      label: 'History, Webhooks unavailable',
      palette: 'orange',
    });
  });
  it("turns amber when a CRM account's backlog takes more than 5 minutes (issue 55)", () => {
    const hubspot = { userProfileId: 3, crm: 'HUBSPOT' as const, waiting: 4000, minutes: 5 };
    expect(systemStatus({ api: true, unreachable: [] }, [hubspot]).palette).toBe('green');
    expect(systemStatus({ api: true, unreachable: [] }, [{ ...hubspot, minutes: 6 }])).toEqual({
      label: 'HubSpot backlog: about 6 min',
      palette: 'orange',
    });
  });
  it("turns amber when the data folder's disk has under 10 % free (issue 53)", () => {
    const up = { api: true, unreachable: [] };
    expect(systemStatus({ ...up, diskFreePercent: 10 }).palette).toBe('green');
    expect(systemStatus({ ...up, diskFreePercent: 7 })).toEqual({
      label: 'Disk almost full: 7 % free on the data folder',
      palette: 'orange',
    });
  });
  it('says service disruption when the api does not answer', () => {
    expect(systemStatus({ api: false, unreachable: [] }).label).toBe('Service disruption');
  });
});
