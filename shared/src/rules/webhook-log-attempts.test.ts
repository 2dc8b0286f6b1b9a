import { noAttemptsText, processStepLine, processStepsOf } from './webhook-log-attempts';

describe('what the event panel says when it lists no processing run', () => {
  it('says an event waiting its turn is not processed yet', () => {
    expect(noAttemptsText('queued')).toBe('Not processed yet.');
  });

  it('says a post the receiver could not take as an event will not be processed, and why', () => {
    expect(noAttemptsText('invalid')).toBe(
      'Not processed: the body is not an event (see the error above).',
    );
    expect(noAttemptsText('failed')).toBe(
      'Not processed: no event could be read from the body (see the error above).',
    );
    expect(noAttemptsText('refused')).toBe(
      'Not processed: the webhook refused it (see the error above).',
    );
  });
});

describe("a processing run's steps, as the event panel lists them", () => {
  const process = (answer: string | null) => ({ kind: 'process' as const, answer });

  it('reads the steps of a process attempt', () => {
    const answer = JSON.stringify([
      { name: 'contact', ok: true, detail: 'updated 7000123 (by email)' },
      { name: 'company', ok: true, skipped: 'No company domain' },
      { name: 'task', ok: false, error: 'HubSpot refused the task' },
      { name: 'contact properties', ok: true },
    ]);
    expect(processStepsOf(process(answer))?.map(processStepLine)).toEqual([
      'contact: updated 7000123 (by email)',
      'company: skipped, No company domain',
      'task: failed',
      'contact properties: done',
    ]);
  });

  it('reads nothing from a delivery, an empty list, a cut answer or another shape', () => {
    expect(
      processStepsOf({ kind: 'forward', answer: '[{"name":"contact","ok":true}]' }),
    ).toBeNull();
    expect(processStepsOf(process(null))).toBeNull();
    expect(processStepsOf(process('[]'))).toBeNull();
    expect(processStepsOf(process('[{"name":"contact","ok":tr'))).toBeNull();
    expect(processStepsOf(process('{"received":true}'))).toBeNull();
  });
});
