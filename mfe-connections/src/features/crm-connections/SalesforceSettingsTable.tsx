import { Badge } from '@chakra-ui/react';
import type { SalesforceSettings } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { DataTable, type DataColumn } from 'shared/ui';
import { settingsStatusLabel } from './rules';

const columns: DataColumn<SalesforceSettings>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Domain', cell: (row) => row.domain },
  { header: 'Consumer Key', cell: (row) => row.consumer_key },
  {
    header: 'Status',
    cell: (row) => (
      <Badge
        colorPalette={row.connected ? 'green' : row.userProfileId === null ? 'gray' : 'red'}
        variant="subtle"
      >
        {settingsStatusLabel(row)}
      </Badge>
    ),
  },
  {
    header: 'Created',
    cell: (row) => formatDateTime(row.createdAt),
    cellProps: { whiteSpace: 'nowrap' },
  },
];

/** The saved settings; each row has Connect and Delete. */
export function SalesforceSettingsTable({
  settings,
  connectingId,
  onConnect,
  onDelete,
}: {
  settings: SalesforceSettings[];
  connectingId: number | null;
  onConnect: (settings: SalesforceSettings) => void;
  onDelete: (settings: SalesforceSettings) => void;
}) {
  return (
    <DataTable
      label="Salesforce settings"
      columns={columns}
      rows={settings}
      actions={(row) => [
        {
          label: 'Connect',
          variant: 'solid',
          colorPalette: 'primary',
          onClick: () => onConnect(row),
          loading: connectingId === row.id,
        },
        { label: 'Delete', colorPalette: 'red', onClick: () => onDelete(row) },
      ]}
    />
  );
}
