import { Alert, Button, Code, Stack, Text } from '@chakra-ui/react';
import type { CreatedEmbedKey } from 'shared/contract';
import { useHost } from 'shared/ui';
import { keyCopiedToast, keyNotCopiedToast } from './rules';

/** The key just made, shown this once, with Copy and how the embedding site's server uses it. */
export function NewKeyNotice({
  created,
  onDone,
}: {
  created: CreatedEmbedKey;
  onDone: () => void;
}) {
  const host = useHost();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      host.notify(keyCopiedToast);
    } catch {
      host.notify(keyNotCopiedToast);
    }
  };
  return (
    <Alert.Root status="warning" maxW="3xl" as="section" aria-label="New embed key">
      <Alert.Content>
        <Alert.Title>
          Copy the key of {created.embedKey.name} now: it is not shown again
        </Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="2" align="flex-start">
            <Code data-testid="new-embed-key" wordBreak="break-all" p="2">
              {created.secret}
            </Code>
            <Text fontSize="sm">
              Keep it on the embedding site&apos;s server. There, trade it for a short-lived token
              of one user: <Code size="sm">POST /embed/tokens</Code> with{' '}
              <Code size="sm">Authorization: Bearer &lt;key&gt;</Code> and{' '}
              <Code size="sm">{'{ "email": …, "areas": ["blocklists"] }'}</Code>.
            </Text>
            <Stack direction="row" gap="2">
              <Button size="sm" onClick={() => void copy()}>
                Copy key
              </Button>
              <Button size="sm" variant="outline" onClick={onDone}>
                Done
              </Button>
            </Stack>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
