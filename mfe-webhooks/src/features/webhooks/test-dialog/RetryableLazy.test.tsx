import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithHost } from 'shared/testing';
import { RetryableLazy } from './RetryableLazy';

function Part({ name }: { name: string }) {
  return <p>Loaded {name}</p>;
}

describe('RetryableLazy', () => {
  it('imports again on Retry after a failed import (React.lazy alone would stay failed)', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue({ default: Part });
    // React reports the caught failure to console.error in development; this test expects it
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithHost(<RetryableLazy load={load} props={{ name: 'form' }} loading="Loading the test form…" failed="The test form could not be loaded" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The test form could not be loaded');
    quiet.mockRestore();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loaded form')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
