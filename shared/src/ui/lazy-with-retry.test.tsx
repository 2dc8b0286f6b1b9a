import { useState, type ComponentType } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithHost } from '../testing/render-with-host.js';
import { DialogLoadFailed, lazyWithRetry, SectionLoadFailed } from './lazy-with-retry.js';

interface GreetingProps {
  name: string;
  onClose?: () => void;
}
const Greeting: ComponentType<GreetingProps> = ({ name }) => <p>Hello {name}</p>;

/** A loader that fails `failures` times (a chunk that could not be fetched), then gives the component; counts its calls. */
function flakyLoader(failures: number): jest.Mock<Promise<ComponentType<GreetingProps>>, []> {
  let calls = 0;
  return jest.fn(() => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new Error('Loading chunk 477 failed'))
      : Promise.resolve(Greeting);
  });
}

describe('lazyWithRetry', () => {
  it('shows the loading state, then the component with its props', async () => {
    const load = flakyLoader(0);
    const LazyGreeting = lazyWithRetry(load, {
      loading: <p>Loading the greeting…</p>,
      failed: () => <p>failed</p>,
    });
    renderWithHost(<LazyGreeting name="Ada" />);
    expect(screen.getByText('Loading the greeting…')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the code once: a second use renders at once, without loading again', async () => {
    const load = flakyLoader(0);
    const LazyGreeting = lazyWithRetry(load, {
      loading: <p>Loading the greeting…</p>,
      failed: () => <p>failed</p>,
    });
    const first = renderWithHost(<LazyGreeting name="Ada" />);
    await screen.findByText('Hello Ada');
    first.unmount();
    renderWithHost(<LazyGreeting name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load shows the failure; Retry imports again and shows the component (React.lazy would stay failed)', async () => {
    const events = userEvent.setup();
    const load = flakyLoader(1);
    const LazyGreeting = lazyWithRetry(load, {
      failed: (_props, retry) => (
        <SectionLoadFailed title="The greeting could not be loaded" onRetry={retry} />
      ),
    });
    renderWithHost(<LazyGreeting name="Ada" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The greeting could not be loaded');
    await events.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a dialog that could not be loaded says so in an Error toast and closes; opening it again imports again', async () => {
    const events = userEvent.setup();
    const load = flakyLoader(1);
    const LazyDialog = lazyWithRetry(load, {
      failed: ({ onClose }) => (
        <DialogLoadFailed
          text="The greeting could not be loaded"
          onClose={onClose ?? (() => undefined)}
        />
      ),
    });
    function Screen() {
      const [open, setOpen] = useState(true);
      return open ? (
        <LazyDialog name="Ada" onClose={() => setOpen(false)} />
      ) : (
        <button onClick={() => setOpen(true)}>Open</button>
      );
    }
    const { host } = renderWithHost(<Screen />);
    await events.click(await screen.findByRole('button', { name: 'Open' }));
    expect(host.toasts).toEqual([
      {
        severity: 'error',
        summary: 'Error',
        detail: 'The greeting could not be loaded',
        life: 3000,
      },
    ]);
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
