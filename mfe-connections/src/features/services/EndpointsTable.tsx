import type { UserAccount } from 'shared/contract';
import { DataTable, type DataColumn, type RowAction } from 'shared/ui';
import { canDelete, canRevealSecret } from './rules';

const columns: DataColumn<UserAccount>[] = [
  { header: 'ID', cell: (account) => account.id },
  { header: 'URL', cell: (account) => account.url },
  { header: 'Description', cell: (account) => account.description },
];

/** ID, URL and description; Signing secret only where canRevealSecret is true, a delete action only where canDelete is. */
export function EndpointsTable({
  accounts,
  onShowSecret,
  onDelete,
}: {
  accounts: UserAccount[];
  onShowSecret: (account: UserAccount) => void;
  onDelete: (account: UserAccount) => void;
}) {
  return (
    <DataTable
      label="Webhook endpoints"
      columns={columns}
      rows={accounts}
      actions={(account): RowAction[] => [
        ...(canRevealSecret(account)
          ? [{ label: 'Signing secret', onClick: () => onShowSecret(account) }]
          : []),
        ...(canDelete(account)
          ? [{ label: 'Delete', colorPalette: 'red', onClick: () => onDelete(account) }]
          : []),
      ]}
    />
  );
}
