import { MessagePage } from './MessagePage';

export function UnauthorizedPage() {
  return (
    <MessagePage
      title="Unauthorized!"
      text="Your session has ended or you may not see this page. Sign in again from the main page."
    />
  );
}
