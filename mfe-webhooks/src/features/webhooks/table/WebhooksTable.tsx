import { Badge, Stack, Text, type BadgeProps } from '@chakra-ui/react';
import type { Webhook } from 'shared/contract';
import { DataTable, TruncatedText, useHost, type DataColumn, type RowAction } from 'shared/ui';
import { LastEventCell } from './LastEventCell';
import { OwnerCell } from './OwnerCell';
import { WebhookUrlCell } from './WebhookUrlCell';
import {
  categoryBadge,
  isRegisteredOnPlatform,
  mayChangeWebhook,
  mayTestWebhook,
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

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The profile on its line, the rest of its info (platform, log type, object, lookup) on a second one. */
const profileLines = (webhook: Webhook): string[] => {
  const [profile = '', ...rest] = profileInfo(webhook);
  return rest.length > 0 ? [profile, rest.join(' · ')] : [profile];
};

// a cell's lines: three at most, each cut with an ellipsis and whole on hover
const columns: DataColumn<Webhook>[] = [
  { header: 'Owner', cell: (webhook) => <OwnerCell webhook={webhook} />, cellProps: nowrap },
  {
    header: 'Profile',
    cell: (webhook) => (
      <Stack gap="0">
        {profileLines(webhook).map((line, index) => (
          <TruncatedText
            key={line}
            maxW="9rem"
            fontSize={index === 0 ? 'sm' : 'xs'}
            color={index === 0 ? undefined : 'fg.muted'}
          >
            {line}
          </TruncatedText>
        ))}
      </Stack>
    ),
  },
  {
    header: 'Tags',
    cell: (webhook) => <BadgeLines badges={webhookTags(webhook)} variant="outline" />,
  },
  {
    header: 'Category-based filter',
    cell: (webhook) => (
      <BadgeLines
        badges={webhook.smartleadBaseCategories.map(categoryBadge)}
        colorPalette="blue"
        variant="subtle"
      />
    ),
  },
  { header: 'Last event', cell: (webhook) => <LastEventCell webhook={webhook} /> },
  {
    header: 'Webhook URL',
    cell: (webhook) => <WebhookUrlCell webhook={webhook} />,
  },
];

/** Badges one a line, two at most and "+N more" (every one on hover): a row stays three lines tall. */
function BadgeLines({
  badges,
  ...props
}: { badges: readonly string[] } & Pick<BadgeProps, 'colorPalette' | 'variant'>) {
  const shown = badges.slice(0, 2);
  const more = badges.length - shown.length;
  return (
    <Stack gap="1" align="flex-start" title={badges.join('\n')}>
      {shown.map((badge) => (
        <Badge key={badge} {...props} maxW="7.5rem">
          <Text truncate>{badge}</Text>
        </Badge>
      ))}
      {more > 0 && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          +{more} more
        </Text>
      )}
    </Stack>
  );
}

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
        // the most frequent first (shared/ui row-actions.tsx): it stays a button when space is short
        return [
          ...(mayTestWebhook(section, user)
            ? [{ label: 'Sync test', onClick: () => actions.onOpenTest(webhook) }]
            : []),
          {
            label: 'Webhook Settings',
            onClick: () => actions.onOpenSettings(webhook, { canUpdate: mayChange }),
          },
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
