import { useState } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecretField } from './secret-field';
import { pageSystem } from './theme';

function Field({ onShownChange }: { onShownChange?: (shown: boolean) => Promise<void> }) {
  const [value, setValue] = useState('sl-valid-key');
  return (
    <ChakraProvider value={pageSystem()}>
      <SecretField
        label="API Key"
        value={value}
        onChange={setValue}
        onShownChange={onShownChange}
      />
    </ChakraProvider>
  );
}

describe('SecretField', () => {
  it('masks the text until Show, and Hide masks it again', async () => {
    const events = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('API Key');
    expect(input).toHaveAttribute('type', 'password');
    await events.click(screen.getByRole('button', { name: 'Show' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('sl-valid-key');
    await events.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('asks onShownChange first, so a caller can fetch the text before it shows', async () => {
    const events = userEvent.setup();
    let finish: () => void = () => {};
    const onShownChange = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Field onShownChange={onShownChange} />);
    await events.click(screen.getByRole('button', { name: 'Show' }));
    expect(onShownChange).toHaveBeenCalledWith(true);
    expect(screen.getByLabelText('API Key')).toHaveAttribute('type', 'password');
    finish();
    await waitFor(() => expect(screen.getByLabelText('API Key')).toHaveAttribute('type', 'text'));
  });
});
