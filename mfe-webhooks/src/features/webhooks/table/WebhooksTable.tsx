import { Badge, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { DataTable, useHost, type DataColumn, type RowAction } from 'shared/ui';
import { LastEventCell } from './LastEventCell';
import { OwnerCell } from './OwnerCell';
import { WebhookUrlCell } from './WebhookUrlCell';
import {
  categoryBadge,
  isRegisteredOnPlatform,
  mayChangeWebhook,
  profileInfo,
  registerOnPlatformLabel,
  webhookTags,
  type WebhookSection,
} from './rules';
import { useCopyWebhookUrl } from './use-copy-webhook-url';
import { useRegisterOnPlatform } from './use-register-on-platform';

export interface WebhookRowActions {
  /** Webhook Settings: the update dialog, with its Update button only where `canUpdate`. */
  onOpenSettings: (webhook: Webhook, access: { canUpdate: boolean }) => void;
  /** Sync test: the Send Test Webhook dialog. */
  onOpenTest: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
  /** "Register again on {platform}" of a webhook registered already: asks first. */
  onRegisterAgain: (webhook: Webhook) => void;
}

const columns: DataColumn<Webhook>[] = [
  { header: 'Owner', cell: (webhook) => <OwnerCell webhook={webhook} /> },
  {
    header: 'Profile',
    cell: (webhook) => (
      <Stack gap="0">
        {profileInfo(webhook).map((line, index) => (
          <Text
            key={line}
            fontSize={index === 0 ? 'sm' : 'xs'}
            color={index === 0 ? undefined : 'fg.muted'}
          >
            {line}
          </Text>
        ))}
      </Stack>
    ),
  },
  {
    header: 'Tags',
    cell: (webhook) => (
      <Wrap gap="1">
        {webhookTags(webhook).map((tag) => (
          <Badge key={tag} variant="outline">
            {tag}
          </Badge>
        ))}
      </Wrap>
    ),
  },
  {
    header: 'Category-based filter',
    cell: (webhook) => (
      <Wrap gap="1">
        {webhook.smartleadBaseCategories.map((category) => (
          <Badge key={String(category.id)} colorPalette="blue" variant="subtle">
            {categoryBadge(category)}
          </Badge>
        ))}
      </Wrap>
    ),
  },
  { header: 'Last event', cell: (webhook) => <LastEventCell webhook={webhook} /> },
  {
    header: 'Webhook URL',
    cell: (webhook) => <WebhookUrlCell webhook={webhook} />,
  },
];

/**
 * One table of webhooks (spec §2): "Existing webhooks" (section own) or "All webhooks" (all). Webhook
 * Settings and Copy URL on every row; Sync test, Register on {platform} and delete where the user may
 * change the webhook (spec §6: in All webhooks only admins).
 */
export function WebhooksTable({
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
  const { user } = useHost();
  const copyUrl = useCopyWebhookUrl();
  const { register } = useRegisterOnPlatform();
  return (
    <DataTable
      label={title}
      columns={columns}
      rows={webhooks}
      rowProps={(webhook) => ({ 'aria-label': `Webhook ${webhook.id}` })}
      actions={(webhook): RowAction[] => {
        const mayChange = mayChangeWebhook(webhook, section, user);
        return [
          {
            label: 'Webhook Settings',
            onClick: () => actions.onOpenSettings(webhook, { canUpdate: mayChange }),
          },
          ...(mayChange
            ? [{ label: 'Sync test', onClick: () => actions.onOpenTest(webhook) }]
            : []),
          { label: 'Copy URL', onClick: () => void copyUrl(webhook) },
          ...(mayChange
            ? [
                {
                  label: registerOnPlatformLabel(webhook),
                  onClick: () =>
                    isRegisteredOnPlatform(webhook)
                      ? actions.onRegisterAgain(webhook)
                      : register(webhook),
                },
              ]
            : []),
          ...(mayChange
            ? [{ label: 'Delete', colorPalette: 'red', onClick: () => actions.onDelete(webhook) }]
            : []),
        ];
      }}
    />
  );
}
