import { Badge, Button, Table, Text } from '@chakra-ui/react';
import type { CrmProfile } from 'shared/contract';
import { formatDateTime } from 'shared/rules';
import { profileName, profileStatusLabel } from './rules';

const columns = ['ID', 'Hub ID', 'Domain', 'Email', 'Name', 'Status', 'Connected'] as const;

/** Connected HubSpot profiles; Delete where the api says the user may (`canDelete`: the owner and admins). */
export function HubspotProfilesTable({ title, profiles, onDelete }: { title: string; profiles: CrmProfile[]; onDelete: (profile: CrmProfile) => void }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
      <Table.Root size="sm" aria-label={title}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {profiles.map((profile) => (
            <Table.Row key={profile.id}>
              <Table.Cell>{profile.id}</Table.Cell>
              <Table.Cell>{profile.organizationId}</Table.Cell>
              <Table.Cell>{profile.organizationDomain ?? '—'}</Table.Cell>
              <Table.Cell>{profile.email}</Table.Cell>
              <Table.Cell>{profileName(profile)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={profile.status === 'CONNECTED' ? 'green' : 'red'} variant="subtle">
                  {profileStatusLabel(profile.status)}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(profile.createdAt)}</Table.Cell>
              <Table.Cell textAlign="end">
                {profile.canDelete && (
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(profile)}>
                    Delete
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
