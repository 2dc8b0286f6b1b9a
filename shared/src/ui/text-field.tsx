import { Field, Input, type InputProps } from '@chakra-ui/react';

export interface TextFieldProps extends Omit<InputProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text input: the label, and the input whose changes give the new text. */
export function TextField({ label, value, onChange, disabled = false, ...input }: TextFieldProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(event) => onChange(event.currentTarget.value)} {...input} />
    </Field.Root>
  );
}
