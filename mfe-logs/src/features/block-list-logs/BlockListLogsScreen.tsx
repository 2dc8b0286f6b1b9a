import { ScreenHeading } from 'shared/ui';

export function BlockListLogsScreen() {
  return <ScreenHeading title="Block list logs" />;
}
