import { Alert, Button } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { crmSignInErrorMessage, type CrmSignInProvider } from 'shared/contract';

/**
 * Explains a CRM sign-in that came back denied or failed (the api's ?error=<code>) with the fixed
 * message of that code: text in the address is never shown, so a crafted link cannot put words on
 * the screen. Dismiss takes the code out of the address, so a reload does not show it again.
 */
export function SignInErrorAlert({
  title,
  provider,
}: {
  title: string;
  provider: CrmSignInProvider;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const message = crmSignInErrorMessage(provider, location.search);
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        <Button
          mt="3"
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => navigate(location.pathname, { replace: true })}
        >
          Dismiss
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
