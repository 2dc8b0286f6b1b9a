import type { ReactNode } from 'react';
import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';

/** The filters above a log table: the inputs, Search (a new search from page 1) and Clear. */
export function LogFiltersForm({
  label,
  onSearch,
  onClear,
  children,
}: {
  label: string;
  onSearch: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Stack
      as="form"
      role="search"
      aria-label={label}
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {children}
      </SimpleGrid>
      <HStack>
        <Button type="submit" colorPalette="primary">
          Search
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          Clear
        </Button>
      </HStack>
    </Stack>
  );
}
