import { ScreenHeading } from 'shared/ui';

export function HubspotScreen() {
  return <ScreenHeading title="HubSpot" />;
}
