import type { Page } from 'playwright-core';

const toastRoots = '[data-scope="toast"][data-part="root"]';

/**
 * Waits for a toast (or any text) to show, as a person waits for feedback. When it never shows, the error
 * says which toasts did, so a failure on CI tells what the dashboard said instead.
 */
export async function waitForToast(page: Page, text: string, timeout = 30_000): Promise<void> {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .locator(toastRoots)
      .allInnerTexts()
      .catch(() => []);
    const said =
      shown.length > 0
        ? shown.map((toast) => JSON.stringify(toast.replace(/\s+/g, ' ').trim())).join(', ')
        : 'no toast';
    throw new Error(`"${text}" did not show within ${timeout} ms; the page showed ${said}`, {
      cause: error,
    });
  }
}
