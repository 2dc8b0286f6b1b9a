import { Field, Input } from '@chakra-ui/react';

/** The read-only Webhook URL (spec §2): what the platform posts its events to. */
export function WebhookUrlField({ url }: { url: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label>Webhook URL</Field.Label>
      <Input value={url} readOnly placeholder="Pick an owner and a platform" fontFamily="mono" />
    </Field.Root>
  );
}
