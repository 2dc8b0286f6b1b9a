import { Heading, Stack } from '@chakra-ui/react';
import { EmptyMessage, QueryView } from 'shared/ui';
import type { WebhookSection } from './rules';
import type { WebhookTable } from './use-webhook-table';
import { WebhookPager } from './WebhookPager';
import { WebhooksTable, type WebhookRowActions } from './WebhooksTable';
import { WebhookTableControls } from './WebhookTableControls';

/** A titled section with one table of webhooks: its search and sort, the page, and the pages; or a short message when it has none. */
export function WebhooksSection({
  title,
  section,
  table,
  actions,
}: {
  title: string;
  section: WebhookSection;
  table: WebhookTable;
  actions: WebhookRowActions;
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <WebhookTableControls
        title={title}
        sort={table.state.sort}
        onSearch={table.search}
        onSort={table.sortBy}
      />
      <QueryView
        query={table.query}
        loading="Loading webhooks…"
        failed="The webhooks could not be loaded"
      >
        {(page) =>
          page.totalItems === 0 ? (
            <EmptyMessage
              title={
                table.searching ? 'No webhook matches this search' : 'No webhooks of your own yet'
              }
            />
          ) : (
            <>
              <WebhooksTable
                title={title}
                section={section}
                webhooks={page.data}
                actions={actions}
              />
              <WebhookPager
                title={title}
                page={page.page}
                totalItems={page.totalItems}
                onPage={table.goTo}
              />
            </>
          )
        }
      </QueryView>
    </Stack>
  );
}
