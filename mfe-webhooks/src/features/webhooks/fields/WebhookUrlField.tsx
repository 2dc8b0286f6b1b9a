import { Field, Input } from '@chakra-ui/react';

export interface WebhookUrlFieldProps {
  url: string;
  /** The owner and the platform are picked, so a code is on its way. */
  generating?: boolean;
}

/** The read-only Webhook URL (spec §2): what the platform posts its events to; until then, what it waits for. */
export function WebhookUrlField({ url, generating = false }: WebhookUrlFieldProps) {
  return (
    <Field.Root readOnly>
      <Field.Label>Webhook URL</Field.Label>
      <Input
        value={url}
        readOnly
        placeholder={generating ? 'Generating…' : 'Select an owner and a platform'}
        fontFamily="mono"
      />
    </Field.Root>
  );
}
