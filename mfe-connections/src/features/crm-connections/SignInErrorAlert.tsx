import { Alert, Button } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signInErrorOf } from './rules';

/**
 * Explains a CRM sign-in that came back denied or failed (the api's ?error=<message>). Dismiss takes
 * the message out of the address, so a reload does not show it again.
 */
export function SignInErrorAlert({ title }: { title: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const message = signInErrorOf(location.search);
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        <Button mt="3" size="sm" variant="outline" alignSelf="flex-start" onClick={() => navigate(location.pathname, { replace: true })}>
          Dismiss
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
