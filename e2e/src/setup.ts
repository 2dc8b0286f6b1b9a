import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { startStack, type Stack } from './stack';

export interface StackAndBrowser {
  stack: Stack;
  browser: Browser;
}

/** Starts a fresh stack and Chromium before a test file's tests, and stops both after them. */
export function useStackAndBrowser(): StackAndBrowser {
  const handle = {} as StackAndBrowser;
  beforeAll(async () => {
    [handle.stack, handle.browser] = await Promise.all([startStack(), launchChromium()]);
  });
  afterAll(async () => {
    await handle.browser?.close();
    await handle.stack?.stop();
  });
  return handle;
}
