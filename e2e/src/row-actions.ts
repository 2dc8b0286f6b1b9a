import type { Locator } from 'playwright-core';

/** Runs a row's action as a person would: its button when the row shows it, else through the row's Actions menu. */
export async function rowAction(row: Locator, name: string): Promise<void> {
  await row.getByRole('button').first().waitFor();
  // mid-screen: clear of the toasts stacked at the top right
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const button = row.getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  await row.getByRole('button', { name: 'Actions', exact: true }).click();
  await row.page().getByRole('menuitem', { name, exact: true }).click();
}

/** The names of a row's actions, as buttons or menu items (the menu is closed again afterwards). */
export async function rowActionNames(row: Locator): Promise<string[]> {
  await row.getByRole('button').first().waitFor();
  const menu = row.getByRole('button', { name: 'Actions', exact: true });
  if (!(await menu.isVisible())) return (await row.getByRole('button').allTextContents()).filter(Boolean);
  await menu.click();
  const items = row.page().getByRole('menu').last().getByRole('menuitem');
  await items.first().waitFor();
  const names = await items.allTextContents();
  await row.page().keyboard.press('Escape');
  return names;
}
