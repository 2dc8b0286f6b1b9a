import { Badge } from '@chakra-ui/react';
import type { CrmProfile } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { DataTable, type DataColumn } from 'shared/ui';
import { profileName, profileStatusLabel } from './rules';

const columns: DataColumn<CrmProfile>[] = [
  { header: 'ID', cell: (profile) => profile.id },
  { header: 'Hub ID', cell: (profile) => profile.organizationId },
  { header: 'Domain', cell: (profile) => profile.organizationDomain ?? '—' },
  { header: 'Email', cell: (profile) => profile.email },
  { header: 'Name', cell: (profile) => profileName(profile) },
  {
    header: 'Status',
    cell: (profile) => (
      <Badge colorPalette={profile.status === 'CONNECTED' ? 'green' : 'red'} variant="subtle">
        {profileStatusLabel(profile.status)}
      </Badge>
    ),
  },
  { header: 'Connected', cell: (profile) => formatDateTime(profile.createdAt), cellProps: { whiteSpace: 'nowrap' } },
];

/** Connected HubSpot profiles; Delete where the api says the user may (`canDelete`: the owner and admins). */
export function HubspotProfilesTable({ title, profiles, onDelete }: { title: string; profiles: CrmProfile[]; onDelete: (profile: CrmProfile) => void }) {
  return (
    <DataTable
      label={title}
      columns={columns}
      rows={profiles}
      actions={(profile) => (profile.canDelete ? [{ label: 'Delete', colorPalette: 'red', onClick: () => onDelete(profile) }] : [])}
    />
  );
}
