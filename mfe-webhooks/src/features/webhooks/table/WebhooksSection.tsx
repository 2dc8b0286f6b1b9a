import { Heading, Stack } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { EmptyMessage } from 'shared/ui';
import type { WebhookSection } from './rules';
import { WebhooksTable, type WebhookRowActions } from './WebhooksTable';

/** A titled section with one table of webhooks, or a short message when it has none. */
export function WebhooksSection({
  title,
  section,
  webhooks,
  actions,
}: {
  title: string;
  section: WebhookSection;
  webhooks: readonly Webhook[];
  actions: WebhookRowActions;
}) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {webhooks.length === 0 ? (
        <EmptyMessage title="No webhooks of your own yet" />
      ) : (
        <WebhooksTable title={title} section={section} webhooks={webhooks} actions={actions} />
      )}
    </Stack>
  );
}
