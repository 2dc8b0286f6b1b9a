import type { Locator, Page } from 'playwright-core';

/**
 * Waits until an open popup (a dropdown's list, a menu) lies wholly in view and has stopped moving. A popup
 * that opens partly off-screen makes Playwright scroll to the item it clicks, and the scroll makes the popup
 * place itself again (it flips to the other side of its trigger) a few frames later: under load that lands
 * between the press and the release, and the click goes to whatever lies there instead (seen on CI as a
 * category or event type left unchosen, a row's menu left open).
 */
export async function popupSettledInView(popup: Locator): Promise<void> {
  await popup.waitFor();
  await popup.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
  let last = '';
  for (let sample = 0; sample < 50; sample += 1) {
    const box = JSON.stringify(await popup.boundingBox());
    if (box === last) return;
    last = box;
    await popup.page().waitForTimeout(100);
  }
}

/** Opens a dropdown from mid-screen, where its list has room to open below in view. */
async function openInView(trigger: Locator): Promise<Locator> {
  await trigger.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await trigger.click();
  const list = trigger.page().getByRole('listbox');
  await popupSettledInView(list);
  return list;
}

/** What the open lists and their triggers show, for a failure's message. */
async function dropdownState(page: Page): Promise<string> {
  const state = await page.evaluate(() => ({
    options: Array.from(document.querySelectorAll('[role="option"]')).map(
      (option) => `${option.textContent}:${option.getAttribute('aria-selected')}`,
    ),
    triggers: Array.from(document.querySelectorAll('[role="combobox"]')).map(
      (trigger) => `${trigger.textContent}:${trigger.getAttribute('aria-expanded')}`,
    ),
  }));
  return JSON.stringify(state);
}

/** Chooses options in a multi-select by its label, checking each shows as chosen (its tick), then closes the list. */
export async function chooseOptions(
  scope: Page | Locator,
  name: string,
  options: readonly string[],
): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const list = await openInView(scope.getByRole('combobox', { name, exact: true }));
  for (const option of options) {
    await list.getByRole('option', { name: option, exact: true }).click();
    await list
      .getByRole('option', { name: option, exact: true, selected: true })
      .waitFor({ timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `"${option}" was clicked in "${name}" but not chosen: ${await dropdownState(page)}`,
          { cause: error },
        );
      });
  }
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });
}

/** Chooses the one option of a single-choice dropdown by its label; the list closes on the choice. */
export async function chooseOption(
  scope: Page | Locator,
  name: string,
  option: string,
): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const list = await openInView(scope.getByRole('combobox', { name, exact: true }));
  await list.getByRole('option', { name: option, exact: true }).click();
  await list.waitFor({ state: 'hidden', timeout: 10_000 }).catch(async (error: Error) => {
    throw new Error(
      `"${option}" was clicked in "${name}" but the list stayed open: ${await dropdownState(page)}`,
      { cause: error },
    );
  });
}
