import { ScreenHeading } from 'shared/ui';

export function ApiKeysScreen() {
  return <ScreenHeading title="API keys" />;
}
