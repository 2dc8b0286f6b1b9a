import { ScreenHeading } from 'shared/ui';

export function BlockListsScreen() {
  return <ScreenHeading title="Block lists" />;
}
