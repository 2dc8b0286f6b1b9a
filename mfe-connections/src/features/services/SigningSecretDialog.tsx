import { Button, Code, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useOperationQuery } from 'shared/client';
import type { UserAccount } from 'shared/contract';
import { EditDialog, LoadingState, SecretField, useHost } from 'shared/ui';
import { ViewDialogFrame } from '../../lib/view-dialog-frame';
import { revealedSecretOptions, secretCopiedToast, secretNotCopiedToast } from './secret-rules';

/** How a receiver checks a delivery. */
function VerifyHelp() {
  return (
    <Text color="fg.muted" fontSize="sm">
      Every event forwarded to this endpoint is signed with Standard Webhooks headers:{' '}
      <Code size="sm">webhook-id</Code>, <Code size="sm">webhook-timestamp</Code> and{' '}
      <Code size="sm">webhook-signature</Code> (HMAC-SHA256 of the id, the timestamp and the body,
      keyed with this secret). Verify each delivery with a Standard Webhooks library over the body
      exactly as received, e.g. <Code size="sm">new Webhook(secret).verify(body, headers)</Code>.
    </Text>
  );
}

/** The dialog's content, mounted while it is open: the secret is asked of the api on opening and masked until Show. */
function SigningSecretContent({ account }: { account: UserAccount }) {
  const host = useHost();
  const revealed = useOperationQuery(
    'revealWebhookEndpointSecret',
    { params: { id: account.id } },
    revealedSecretOptions,
  );
  const secret = revealed.data?.secret;
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      host.notify(secretCopiedToast(account));
    } catch {
      host.notify(secretNotCopiedToast);
    }
  };

  let field;
  if (revealed.isPending) field = <LoadingState label="Loading the signing secret…" />;
  else if (secret === undefined) field = <Text role="alert">{errorMessage(revealed.error)}</Text>;
  else
    field = (
      <Stack gap="2" align="flex-start">
        <SecretField
          label="Signing secret"
          value={secret}
          onChange={() => undefined}
          readOnly
          fontFamily="mono"
        />
        <Button size="sm" variant="outline" onClick={() => void copy(secret)}>
          Copy
        </Button>
      </Stack>
    );

  return (
    <ViewDialogFrame title="Signing secret" subtitle={account.url}>
      <Stack gap="4">
        {field}
        <VerifyHelp />
      </Stack>
    </ViewDialogFrame>
  );
}

/** Signing secret opens this dialog on a row (its owner or an admin only: canRevealSecret). */
export function SigningSecretDialog({
  account,
  open,
  onOpenChange,
}: {
  account: UserAccount | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditDialog item={account} open={open} onOpenChange={onOpenChange} long>
      {(item) => <SigningSecretContent account={item} />}
    </EditDialog>
  );
}
