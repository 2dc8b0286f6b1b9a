import type { Locator } from 'playwright-core';
import { popupSettledInView } from './popups';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Waits, as a person would, until no toast lies over the row (or any element). The pointer leaves first: a
 * hovered toast pauses, so a click aimed through one would keep it there for ever.
 */
async function waitForToastsToClear(row: Locator): Promise<void> {
  const page = row.page();
  await page.mouse.move(0, 0);
  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const rowBox = await row.boundingBox();
    const toastBoxes = await toasts.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as Box),
    );
    if (!rowBox || !toastBoxes.some((box) => overlaps(box, rowBox))) return;
    await page.waitForTimeout(200);
  }
}

/** Clicks an element once no toast lies over it (a dialog's Close sits where the toasts stack, at the top right). */
export async function clickClearOfToasts(target: Locator): Promise<void> {
  await target.waitFor();
  await waitForToastsToClear(target);
  await target.click();
}

/** Runs a row's action as a person would: its button when the row shows it, else through the row's Actions menu. */
export async function rowAction(row: Locator, name: string): Promise<void> {
  await row.getByRole('button').first().waitFor();
  // mid-screen: clear of the toasts stacked at the top right where the page is tall enough
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await waitForToastsToClear(row);
  const button = row.getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  const menu = row.page().getByRole('menu').last();
  await popupSettledInView(menu);
  await menu.getByRole('menuitem', { name, exact: true }).click();
  // the menu closes on a choice; one that stays open lost the click
  await menu.waitFor({ state: 'hidden', timeout: 10_000 }).catch(async (error: Error) => {
    const items = await menu.getByRole('menuitem').allTextContents();
    throw new Error(
      `"${name}" was clicked in a row's Actions menu but the menu stayed open, showing ${JSON.stringify(items)}`,
      { cause: error },
    );
  });
}

/** The names of a row's actions, as buttons or menu items (the menu is closed again afterwards). */
export async function rowActionNames(row: Locator): Promise<string[]> {
  await row.getByRole('button').first().waitFor();
  await waitForToastsToClear(row);
  const menu = row.getByRole('button', { name: 'Actions', exact: true });
  // the row's buttons settle first: a folded row's menu arrives in a chunk of its own after its first button
  let buttons = (await row.getByRole('button').allTextContents()).filter(Boolean);
  for (let settled = 0; settled < 3;) {
    await row.page().waitForTimeout(250);
    const now = (await row.getByRole('button').allTextContents()).filter(Boolean);
    settled = now.join('\n') === buttons.join('\n') ? settled + 1 : 0;
    buttons = now;
  }
  if (!(await menu.isVisible())) return buttons;
  // the row-action pattern (shared/ui row-actions.tsx): the first action a button, the others in the menu
  await menu.click();
  const items = row.page().getByRole('menu').last().getByRole('menuitem');
  await items.first().waitFor();
  const names = await items.allTextContents();
  await row.page().keyboard.press('Escape');
  return [...buttons.filter((name) => name !== 'Actions'), ...names];
}
