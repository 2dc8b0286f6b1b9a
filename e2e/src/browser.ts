import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from './person.cjs';

export { demoPassword, signIn } from './person.cjs';

/** The system Chromium, headless; never a downloaded browser. Fails loudly when it is missing. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}
