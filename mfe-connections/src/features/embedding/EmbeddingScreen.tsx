import { useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useOperationMutation, useOperationQuery } from 'shared/client';
import { newEmbedKey, type CreatedEmbedKey, type EmbedKey } from 'shared/contract';
import { validationToast } from 'shared/rules';
import {
  ConfirmDialog,
  EmptyMessage,
  FormCard,
  QueryView,
  ScreenHeading,
  TextField,
  useHost,
  useNotifyFailure,
} from 'shared/ui';
import { EmbedKeysTable } from './EmbedKeysTable';
import { NewKeyNotice } from './NewKeyNotice';
import {
  keyCreatedToast,
  keyRevokedToast,
  revokeQuestion,
  revokeWarning,
  withCreatedKey,
  withRevokedKey,
} from './rules';

/** /admin/dashboard/embedding: the keys other sites' servers trade for embed tokens (admins). */
export function EmbeddingScreen() {
  const host = useHost();
  if (!host.user.isAdmin)
    return (
      <Stack gap="6">
        <ScreenHeading title="Embedding" />
        <Text>Only admins can manage embed keys.</Text>
      </Stack>
    );
  return <EmbedKeys />;
}

function EmbedKeys() {
  const host = useHost();
  const notifyFailure = useNotifyFailure();
  const keys = useOperationQuery('listEmbedKeys');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedEmbedKey | null>(null);
  const [revoking, setRevoking] = useState<EmbedKey | null>(null);
  const create = useOperationMutation('createEmbedKey', {
    update: [{ query: 'listEmbedKeys', apply: withCreatedKey }],
    onSuccess: (made) => {
      setName('');
      setCreated(made);
      host.notify(keyCreatedToast(made.embedKey));
    },
    onError: (error) => notifyFailure(error),
  });
  const revoke = useOperationMutation('revokeEmbedKey', {
    update: [{ query: 'listEmbedKeys', apply: withRevokedKey }],
    onSuccess: (key) => host.notify(keyRevokedToast(key)),
    onError: (error) => notifyFailure(error),
    onSettled: () => setRevoking(null),
  });
  const submit = () => {
    const body = newEmbedKey.safeParse({ name });
    if (body.success) create.mutate({ body: body.data });
    else host.notify(validationToast(body.error.issues[0]!.message));
  };

  return (
    <Stack gap="6">
      <ScreenHeading title="Embedding" />
      <Text maxW="3xl" color="fg.muted">
        Another site can show one area of the dashboard in its own pages. Its server trades an embed
        key for short-lived tokens of its users, good for the areas it names only. Pages on origins
        listed in ALLOWED_ORIGINS use the person&apos;s session instead and need no key.
      </Text>
      <FormCard title="Add an embed key" onSubmit={submit} busy={create.isPending}>
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          disabled={create.isPending}
          placeholder="Customer portal"
        />
      </FormCard>
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      <Stack gap="2" as="section" aria-label="Embed keys">
        <Heading as="h2" size="lg">
          Embed keys
        </Heading>
        <QueryView
          query={keys}
          loading="Loading embed keys…"
          failed="The embed keys could not be loaded"
          empty={<EmptyMessage title="No embed keys yet" />}
        >
          {(rows) => <EmbedKeysTable keys={rows} onRevoke={setRevoking} />}
        </QueryView>
      </Stack>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => open || setRevoking(null)}
        question={revoking ? revokeQuestion(revoking) : ''}
        warning={revokeWarning}
        onConfirm={() => revoking && revoke.mutate({ params: { id: revoking.id } })}
        pending={revoke.isPending}
      />
    </Stack>
  );
}
