import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { startStack, type Stack } from './stack';

export interface StackAndBrowser {
  stack: Stack;
  browser: Browser;
}

/** Something a test file starts before its tests, and how to stop it. */
export interface Startable<T> {
  start: () => Promise<T>;
  stop: (started: T) => Promise<void>;
}

/**
 * Starts both at once, or leaves neither running: when one fails, the other is stopped once it has
 * started, and the failure is thrown (the stack's first, if both fail). A stack left running when
 * Chromium is missing would keep jest from ever exiting.
 */
export async function startBoth<A, B>(first: Startable<A>, second: Startable<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first.start(), second.start()]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  if (a.status === 'fulfilled') await first.stop(a.value);
  if (b.status === 'fulfilled') await second.stop(b.value);
  throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
}

/** Starts a fresh stack and Chromium before a test file's tests, and stops both after them. */
export function useStackAndBrowser(): StackAndBrowser {
  const handle = {} as StackAndBrowser;
  beforeAll(async () => {
    [handle.stack, handle.browser] = await startBoth<Stack, Browser>(
      { start: startStack, stop: (stack) => stack.stop() },
      { start: launchChromium, stop: (browser) => browser.close() },
    );
  });
  afterAll(async () => {
    await handle.browser?.close();
    await handle.stack?.stop();
  });
  return handle;
}
