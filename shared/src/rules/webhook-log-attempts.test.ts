import { noAttemptsText } from './webhook-log-attempts';

describe('what the event panel says when it lists no processing run', () => {
  it('says an event waiting its turn is not processed yet', () => {
    expect(noAttemptsText('queued')).toBe('Not processed yet.');
  });

  it('says a post the receiver could not take as an event will not be processed, and why', () => {
    expect(noAttemptsText('invalid')).toBe('Not processed: the body is not an event (see the error above).');
    expect(noAttemptsText('failed')).toBe('Not processed: no event could be read from the body (see the error above).');
    expect(noAttemptsText('refused')).toBe('Not processed: the webhook refused it (see the error above).');
  });
});
