import type { FormEvent, ReactNode } from 'react';
import { Button, Card, Stack } from '@chakra-ui/react';

export interface FormCardProps {
  /** The card's heading and the form's accessible name. */
  title: string;
  description?: ReactNode;
  /** Called on submit (the browser's submit is prevented). */
  onSubmit: () => void;
  /** While the submit runs: the button shows a spinner. */
  busy: boolean;
  submitLabel?: string;
  /** The fields, stacked above the submit button. */
  children: ReactNode;
}

/** A create form in a card: the heading, the fields and one submit button. */
export function FormCard({
  title,
  description,
  onSubmit,
  busy,
  submitLabel = 'Create',
  children,
}: FormCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card.Root maxW="xl" size="sm">
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack gap="3">
            {children}
            <Button
              type="submit"
              colorPalette="primary"
              alignSelf="flex-start"
              loading={busy}
              loadingText={submitLabel}
              spinnerPlacement="start"
            >
              {submitLabel}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
