import { MessagePage } from './MessagePage';

export function NotFoundPage() {
  return <MessagePage title="The Page Not Found" text="There is nothing at this address." />;
}
