import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useCopyWebhookUrl } from '../table/use-copy-webhook-url';

export interface WebhookUrlFieldProps {
  url: string;
  /** The owner and the platform are picked, so a code is on its way. */
  generating?: boolean;
}

/**
 * The read-only Webhook URL (spec §2): what the platform posts its events to; until then, what it waits
 * for. A URL longer than the box shows whole on hover, and Copy puts it on the clipboard (issue 56).
 */
export function WebhookUrlField({ url, generating = false }: WebhookUrlFieldProps) {
  const copy = useCopyWebhookUrl();
  return (
    <Field.Root readOnly>
      <Field.Label>Webhook URL</Field.Label>
      <HStack w="full" gap="2">
        <Input
          value={url}
          readOnly
          title={url || undefined}
          placeholder={generating ? 'Generating…' : 'Select an owner and a platform'}
          fontFamily="mono"
          textOverflow="ellipsis"
        />
        {url && (
          <Button variant="outline" onClick={() => void copy({ webhookUrl: url })}>
            Copy
          </Button>
        )}
      </HStack>
    </Field.Root>
  );
}
