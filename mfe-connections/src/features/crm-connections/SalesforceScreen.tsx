import { ScreenHeading } from 'shared/ui';

export function SalesforceScreen() {
  return <ScreenHeading title="Salesforce" />;
}
