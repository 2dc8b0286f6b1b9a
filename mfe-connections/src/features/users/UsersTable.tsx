import { Badge, HStack, Text } from '@chakra-ui/react';
import type { DashboardUser } from 'shared/contract';
import { DataTable, TruncatedText, type DataColumn } from 'shared/ui';
import { grantedPermissions, permissionLabels, roleLabel } from 'shared/rules';
import { cellText } from './rules';

function Approvals({ user }: { user: DashboardUser }) {
  const granted = grantedPermissions(user);
  if (granted.length === 0) return <Text color="fg.muted">None</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      {granted.map((flag) => (
        <Badge key={flag} colorPalette="green" variant="subtle" title={flag}>
          {permissionLabels[flag]}
        </Badge>
      ))}
    </HStack>
  );
}

const columns: DataColumn<DashboardUser>[] = [
  { header: 'ID', cell: (user) => user.id },
  {
    header: 'Account ID',
    cell: (user) => <TruncatedText maxW="5rem">{cellText(user.accountId)}</TruncatedText>,
  },
  { header: 'Organization ID', cell: (user) => cellText(user.organizationId) },
  {
    header: 'Account',
    cell: (user) => <TruncatedText maxW="7rem">{cellText(user.account)}</TruncatedText>,
  },
  { header: 'Email', cell: (user) => <TruncatedText maxW="12rem">{user.email}</TruncatedText> },
  { header: 'Role', cell: (user) => roleLabel(user.role) },
  {
    header: 'Hub domain',
    cell: (user) => <TruncatedText maxW="6rem">{cellText(user.hubDomain)}</TruncatedText>,
  },
  { header: 'Approvals', cell: (user) => <Approvals user={user} /> },
];

/** The users list; `onUpdate` is given to admins only and adds an Update button per row. */
export function UsersTable({
  users,
  onUpdate,
}: {
  users: DashboardUser[];
  onUpdate?: (user: DashboardUser) => void;
}) {
  const update =
    onUpdate && ((user: DashboardUser) => [{ label: 'Update', onClick: () => onUpdate(user) }]);
  return <DataTable label="Users" columns={columns} rows={users} actions={update} />;
}
