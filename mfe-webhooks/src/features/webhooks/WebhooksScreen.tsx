import { ScreenHeading } from 'shared/ui';

export function WebhooksScreen() {
  return <ScreenHeading title="Webhooks" />;
}
