import { ScreenHeading } from 'shared/ui';

export function CategoryBaseFilterLogsScreen() {
  return <ScreenHeading title="Category base filter logs" />;
}
