import { readFixture } from '../../core/fixtures.js';
import type { StateContext } from '../../core/provider.js';
import { IdFactory, salesforceId } from './ids.js';
import type { ObjectMeta } from './schema.js';

export type SObjectRecord = { Id: string; [field: string]: unknown };

export interface ListViewDef {
  Id: string;
  Name: string;
  DeveloperName: string;
  SobjectType: string;
  query: string;
  columns: string[];
}

export interface ReportColumn {
  column: string;
  field: string;
  label: string;
  dataType: string;
}

export interface ReportDef {
  Id: string;
  Name: string;
  DeveloperName: string;
  FolderName: string;
  Format: string;
  sobject: string;
  reportType: { type: string; label: string };
  where: string | null;
  columns: ReportColumn[];
}

export interface CustomFieldRecord {
  Id: string;
  DeveloperName: string;
  TableEnumOrId: string;
  FullName: string;
  Metadata: Record<string, unknown>;
  CreatedDate: string;
}

export interface SalesforceWrite {
  at: string;
  action: 'create' | 'update' | 'delete' | 'create-custom-field';
  sobject: string;
  id: string;
  detail: unknown;
}

export interface SalesforceState {
  org: { id: string; name: string };
  connectedUserId: string;
  /** Permission sets the connected user holds: field-level security on custom fields is checked against these. */
  userPermissionSetIds: string[];
  objects: Record<string, ObjectMeta>;
  records: Record<string, SObjectRecord[]>;
  customFields: CustomFieldRecord[];
  listViews: ListViewDef[];
  reports: ReportDef[];
  ids: IdFactory;
  accessTokens: Map<string, { token: string; userId: string; expiresAt: number }>;
  /** REST calls counted against the org's daily API allocation (SANDBOX_SALESFORCE_DAILY_API_REQUESTS), per UTC day. */
  apiUsage: { day: number; used: number };
  refreshTokens: Map<string, { token: string; userId: string }>;
  codes: Map<string, { code: string; redirectUri: string; userId: string; expiresAt: number }>;
  writes: SalesforceWrite[];
}

interface SalesforceFixture {
  org: { name: string };
  objects: Record<string, ObjectMeta>;
  profiles: string[];
  users: (Record<string, unknown> & { FirstName: string; LastName: string; profile: string })[];
  permissionSets: (Record<string, unknown> & { profile: string | null })[];
  leads: (Record<string, unknown> & { owner: number; FirstName: string; LastName: string })[];
  contacts: (Record<string, unknown> & { owner: number; FirstName: string; LastName: string })[];
  listViews: Omit<ListViewDef, 'Id'>[];
  reports: Omit<ReportDef, 'Id'>[];
}

/** Salesforce's timestamp format: 2025-06-01T12:00:00.000+0000. */
export function sfTime(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

export function createSalesforceState(ctx: StateContext): SalesforceState {
  void ctx;
  const fixture = readFixture<SalesforceFixture>('salesforce');
  const ids = new IdFactory();
  const seeded = sfTime(Date.parse('2025-01-20T09:00:00.000Z'));
  const stamp = { CreatedDate: seeded, LastModifiedDate: seeded, SystemModstamp: seeded };
  const profiles = fixture.profiles.map((name) => ({
    Id: ids.next('00e'),
    Name: name,
    UserType: 'Standard',
  }));
  const profileId = (name: string | null) =>
    profiles.find((profile) => profile.Name === name)?.Id ?? null;
  const users = fixture.users.map(({ profile, ...user }) => ({
    Id: ids.next('005'),
    ...user,
    Name: `${user.FirstName} ${user.LastName}`,
    IsActive: true,
    UserType: 'Standard',
    TimeZoneSidKey: 'America/Los_Angeles',
    ProfileId: profileId(profile),
    ...stamp,
  }));
  const permissionSets = fixture.permissionSets.map(({ profile, ...set }) => ({
    Id: ids.next('0PS'),
    ...set,
    ProfileId: profileId(profile),
    ...stamp,
  }));
  const owner = (index: number) => users[index % users.length]!.Id;
  const leads = fixture.leads.map(({ owner: index, ...lead }) => ({
    Id: ids.next('00Q'),
    ...lead,
    Name: `${lead.FirstName} ${lead.LastName}`,
    IsConverted: lead.Status === 'Closed - Converted',
    OwnerId: owner(index),
    ...stamp,
  }));
  const contacts = fixture.contacts.map(({ owner: index, ...contact }) => ({
    Id: ids.next('003'),
    ...contact,
    Name: `${contact.FirstName} ${contact.LastName}`,
    AccountId: null,
    OwnerId: owner(index),
    ...stamp,
  }));
  const listViews = fixture.listViews.map((view) => ({ Id: ids.next('00B'), ...view }));
  const reports = fixture.reports.map((report) => ({ Id: ids.next('00O'), ...report }));
  const admin = users[0]!;
  return {
    org: { id: salesforceId('00D', 1), name: fixture.org.name },
    apiUsage: { day: 0, used: 0 },
    connectedUserId: admin.Id,
    userPermissionSetIds: permissionSets
      .filter((set) => set.ProfileId === admin.ProfileId)
      .map((set) => set.Id),
    objects: fixture.objects,
    records: {
      Lead: leads,
      Contact: contacts,
      Task: [],
      EmailMessage: [],
      EmailMessageRelation: [],
      User: users,
      Profile: profiles,
      PermissionSet: permissionSets,
      FieldPermissions: [],
      ListView: listViews.map(({ Id, Name, DeveloperName, SobjectType }) => ({
        Id,
        Name,
        DeveloperName,
        SobjectType,
        NamespacePrefix: null,
        ...stamp,
      })),
      Report: reports.map(({ Id, Name, DeveloperName, FolderName, Format }) => ({
        Id,
        Name,
        DeveloperName,
        FolderName,
        Format,
        ...stamp,
      })),
    },
    customFields: [],
    listViews,
    reports,
    ids,
    accessTokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    writes: [],
  };
}
