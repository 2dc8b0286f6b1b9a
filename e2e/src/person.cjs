// How a person starts the system Chromium and signs in. Plain CommonJS: the start command's check
// (e2e/start/start-command.test.mjs) runs before anything is installed or compiled and loads
// playwright-core itself once `npm start` has installed it; the browser tests use it through
// browser.ts.
const fs = require('node:fs');

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const demoPassword = 'crm-sync-demo';

/** Launch options of the system Chromium, headless; never a downloaded browser. */
function chromiumLaunchOptions() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium was not found at ${chromiumPath}. The browser tests need it: install it with ` +
        '`apt-get update && apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH ' +
        'at a Chromium or Chrome binary.',
    );
  }
  return {
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
  };
}

/** Signs in through the welcome page and the embedded identity provider's login page. */
async function signIn(page, baseUrl, email) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'SECURE LOGIN' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await page.getByTestId('user-email').getByText(email).waitFor();
}

module.exports = { chromiumLaunchOptions, demoPassword, signIn };
