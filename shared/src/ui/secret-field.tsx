import { useState } from 'react';
import { Button, Field, Input, InputGroup, type InputProps } from '@chakra-ui/react';

export interface SecretFieldProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * Called when the person asks to see or hide the text, before it shows. Shown or hidden is the
   * field's own state; a caller that must fetch the text first (a server "reveal") does it here.
   */
  onShownChange?: (shown: boolean) => void | Promise<void>;
}

/** A labelled input whose text stays masked until the person presses Show (and masked again on Hide). */
export function SecretField({
  label,
  value,
  onChange,
  onShownChange,
  disabled = false,
  ...input
}: SecretFieldProps) {
  const [shown, setShown] = useState(false);
  const toggle = async () => {
    await onShownChange?.(!shown);
    setShown(!shown);
  };
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <Button
            size="xs"
            variant="ghost"
            me="-2"
            onClick={() => void toggle()}
            aria-pressed={shown}
          >
            {shown ? 'Hide' : 'Show'}
          </Button>
        }
      >
        <Input
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete="off"
          spellCheck={false}
          {...input}
        />
      </InputGroup>
    </Field.Root>
  );
}
