import { Button, HStack, Text } from '@chakra-ui/react';
import { webhookPageCount } from './webhook-table-query';

/** Under a webhooks table: which page of how many, and the way to the previous and next. */
export function WebhookPager({
  title,
  page,
  totalItems,
  onPage,
}: {
  title: string;
  page: number;
  totalItems: number;
  onPage: (page: number) => void;
}) {
  const pages = webhookPageCount(totalItems);
  return (
    <HStack as="nav" aria-label={`Pages of ${title}`} justify="space-between">
      <Text fontSize="sm" color="fg.muted">
        {`Page ${page} of ${pages} · ${totalItems} ${totalItems === 1 ? 'webhook' : 'webhooks'}`}
      </Text>
      {pages > 1 && (
        <HStack gap="2">
          <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
