import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The system Chromium, headless; never a downloaded browser. Fails loudly when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium was not found at ${chromiumPath}. The browser tests need it: install it with ` +
        '`apt-get update && apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const demoPassword = 'crm-sync-demo';

/** Signs in through the welcome page and the embedded identity provider's login page, as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'SECURE LOGIN' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.getByTestId('user-email').getByText(email).waitFor();
}
