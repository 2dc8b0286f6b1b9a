import { ScreenHeading } from 'shared/ui';

export function WebhookLogsScreen() {
  return <ScreenHeading title="Webhook logs" />;
}
