import { startBoth, type Startable } from '../src/setup';

/** A fake thing to start: it records its start and stop, and fails to start with `failure`. */
function fake(name: string, events: string[], failure?: string): Startable<string> {
  return {
    start: async () => {
      if (failure) throw new Error(failure);
      events.push(`${name} started`);
      return name;
    },
    stop: async (started) => void events.push(`${started} stopped`),
  };
}

describe('startBoth: the stack and Chromium start together, or neither is left running', () => {
  it('gives both when both start, and stops neither', async () => {
    const events: string[] = [];
    await expect(startBoth(fake('stack', events), fake('browser', events))).resolves.toEqual([
      'stack',
      'browser',
    ]);
    expect(events.sort()).toEqual(['browser started', 'stack started']);
  });

  it("stops the stack and throws the browser's failure when Chromium cannot start", async () => {
    const events: string[] = [];
    await expect(
      startBoth(
        fake('stack', events),
        fake('browser', events, 'Chromium was not found at /nowhere'),
      ),
    ).rejects.toThrow('Chromium was not found at /nowhere');
    expect(events).toEqual(['stack started', 'stack stopped']);
  });

  it("closes the browser and throws the stack's failure when the stack cannot start (the stack's, when both fail)", async () => {
    const events: string[] = [];
    await expect(
      startBoth(fake('stack', events, 'the api did not start'), fake('browser', events)),
    ).rejects.toThrow('the api did not start');
    expect(events).toEqual(['browser started', 'browser stopped']);
    await expect(
      startBoth(fake('stack', [], 'the api did not start'), fake('browser', [], 'no Chromium')),
    ).rejects.toThrow('the api did not start');
  });
});
