import { useState } from 'react';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { SelectField, TextField } from 'shared/ui';
import { webhookSortOptions } from './webhook-table-query';

/** A webhooks table's search (by URL, owner or platform, sent with Search or Enter) and its sort. */
export function WebhookTableControls({
  title,
  sort,
  onSearch,
  onSort,
}: {
  title: string;
  sort: string;
  onSearch: (search: string) => void;
  onSort: (sort: string) => void;
}) {
  const [draft, setDraft] = useState('');
  return (
    <HStack
      as="form"
      role="search"
      aria-label={`Search ${title}`}
      align="end"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <TextField
        label="Search"
        type="search"
        placeholder="URL, owner or platform"
        value={draft}
        onChange={setDraft}
        maxW="20rem"
      />
      <Button type="submit" variant="outline">
        Search
      </Button>
      <Stack maxW="14rem">
        <SelectField label="Sort by" value={sort} options={webhookSortOptions} onChange={onSort} />
      </Stack>
    </HStack>
  );
}
