import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { pageSystem } from 'shared/ui';
import { errorToast, successToast } from 'shared/rules';
import { Toaster } from './Toaster';
import { notify, toaster } from '../../lib/notify';

function renderToaster() {
  render(
    <ChakraProvider value={pageSystem()}>
      <Toaster />
    </ChakraProvider>,
  );
}

describe('toasts (spec §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => toaster.remove());
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
  });

  it('shows a toast with its title and text, top-right, and removes it after 3 seconds', () => {
    renderToaster();
    act(() => {
      notify(successToast('admin@example.com updated'));
      jest.advanceTimersByTime(50);
    });
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(screen.getByText('admin@example.com updated')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /top-end/ })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000 + 1000));
    expect(screen.queryByText('admin@example.com updated')).not.toBeInTheDocument();
  });

  it('keeps a toast of life 0 until it is dismissed', () => {
    renderToaster();
    act(() => {
      notify(errorToast('Created nothing', 0));
      jest.advanceTimersByTime(50);
    });
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Created nothing')).toBeInTheDocument();
  });
});
