import { ScreenHeading } from 'shared/ui';

export function ServicesScreen() {
  return <ScreenHeading title="Webhook endpoint" />;
}
