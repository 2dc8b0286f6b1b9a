import { Field, Input } from '@chakra-ui/react';

/** The read-only Webhook URL (spec §2): what the platform posts its events to. */
export function WebhookUrlField({ url, placeholder = 'Pick an owner and a platform' }: { url: string; placeholder?: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label>Webhook URL</Field.Label>
      <Input value={url} readOnly placeholder={placeholder} fontFamily="mono" />
    </Field.Root>
  );
}
