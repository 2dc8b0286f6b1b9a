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
  {
    header: 'Connected',
    cell: (profile) => formatDateTime(profile.createdAt),
    cellProps: { whiteSpace: 'nowrap' },
  },
];

/** The dashboard user who connected a profile, so colleagues' profiles can be told apart. */
const ownerColumn = (
  ownerOf: (profile: CrmProfile) => string | undefined,
): DataColumn<CrmProfile> => ({ header: 'Owner', cell: (profile) => ownerOf(profile) ?? '—' });

/**
 * Connected HubSpot profiles; Delete where the api says the user may (`canDelete`). With `ownerOf`
 * the table also shows each profile's owner.
 */
export function HubspotProfilesTable({
  title,
  profiles,
  onDelete,
  ownerOf,
}: {
  title: string;
  profiles: CrmProfile[];
  onDelete: (profile: CrmProfile) => void;
  ownerOf?: (profile: CrmProfile) => string | undefined;
}) {
  return (
    <DataTable
      label={title}
      columns={ownerOf ? [...columns, ownerColumn(ownerOf)] : columns}
      rows={profiles}
      actions={(profile) =>
        profile.canDelete
          ? [{ label: 'Delete', colorPalette: 'red', onClick: () => onDelete(profile) }]
          : []
      }
    />
  );
}
