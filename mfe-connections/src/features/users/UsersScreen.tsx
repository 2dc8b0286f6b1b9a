import { ScreenHeading } from 'shared/ui';

export function UsersScreen() {
  return <ScreenHeading title="Users" />;
}
