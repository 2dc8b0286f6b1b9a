import type { UserAccount } from 'shared/contract';
import { DataTable, type DataColumn } from 'shared/ui';
import { canDelete } from './rules';

const columns: DataColumn<UserAccount>[] = [
  { header: 'ID', cell: (account) => account.id },
  { header: 'URL', cell: (account) => account.url },
  { header: 'Description', cell: (account) => account.description },
];

/** ID, URL and description; a delete action only where canDelete is true. */
export function EndpointsTable({ accounts, onDelete }: { accounts: UserAccount[]; onDelete: (account: UserAccount) => void }) {
  return (
    <DataTable
      label="Webhook endpoints"
      columns={columns}
      rows={accounts}
      actions={(account) => (canDelete(account) ? [{ label: 'Delete', colorPalette: 'red', onClick: () => onDelete(account) }] : [])}
    />
  );
}
