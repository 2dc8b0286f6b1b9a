import type { Page } from 'playwright-core';

/** What a screen shows that does not fit: each problem named by where it is and what it holds. */
export interface FitProblems {
  /** Tables (by name) and panels whose content is wider than their box. */
  tooWide: string[];
  /** Cells whose text wraps inside a word: the word and the table. */
  brokenWords: string[];
  /** Rows taller than three lines of text: the table and the row's height. */
  tallRows: string[];
}

/**
 * Measures every table and open dialog or drawer of the page: a table's box (its scroll area) or a
 * panel's body narrower than what it holds, a word of a cell laid out on two lines, a row taller than
 * `maxRowHeight` px (three lines of text, a badge and the cell's padding).
 */
export function fitProblems(page: Page, maxRowHeight = 96): Promise<FitProblems> {
  return page.evaluate((maxHeight) => {
    const shown = (element: Element) => element.getClientRects().length > 0;
    const nameOf = (table: Element) => table.getAttribute('aria-label') ?? 'a table';
    const tooWide: string[] = [];
    const brokenWords: string[] = [];
    const tallRows: string[] = [];
    for (const table of Array.from(document.querySelectorAll('table')).filter(shown)) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1)
        tooWide.push(`${nameOf(table)}: ${box.scrollWidth} px in ${box.clientWidth}`);
      for (const cell of Array.from(table.querySelectorAll('th, td')).filter(shown)) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(
              Array.from(range.getClientRects())
                .filter((rect) => rect.width > 0)
                .map((rect) => Math.round(rect.bottom)),
            );
            if (lines.size > 1) brokenWords.push(`${nameOf(table)}: "${match[0]}"`);
          }
        }
      }
      for (const row of Array.from(table.querySelectorAll('tbody > tr')).filter(shown)) {
        const height = row.getBoundingClientRect().height;
        if (height > maxHeight && row.getAttribute('aria-hidden') !== 'true')
          tallRows.push(`${nameOf(table)}: ${Math.round(height)} px`);
      }
    }
    const panels = document.querySelectorAll(
      '[role="dialog"] [data-part="body"], [role="dialog"][data-part="content"]',
    );
    for (const panel of Array.from(panels).filter(shown)) {
      if (panel.scrollWidth > panel.clientWidth + 1) {
        const title = panel
          .closest('[role="dialog"]')
          ?.querySelector('[data-part="title"]')?.textContent;
        tooWide.push(`panel ${title ?? ''}: ${panel.scrollWidth} px in ${panel.clientWidth}`);
      }
    }
    return { tooWide, brokenWords, tallRows };
  }, maxRowHeight);
}

/** The toasts on screen whose box overlaps a visible button of an open dialog: the toast's and the button's texts. */
export function toastsOverDialogButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (element: Element) => element.getClientRects().length > 0;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const toasts = Array.from(
      document.querySelectorAll('[data-scope="toast"][data-part="root"]'),
    ).filter(shown);
    const buttons = Array.from(
      document.querySelectorAll('[role="dialog"] button, [role="dialog"] a[href]'),
    ).filter(shown);
    const found: string[] = [];
    for (const toast of toasts) {
      for (const button of buttons) {
        if (overlaps(toast.getBoundingClientRect(), button.getBoundingClientRect()))
          found.push(
            `"${toast.textContent?.trim()}" over "${button.textContent?.trim() || button.getAttribute('aria-label')}"`,
          );
      }
    }
    return found;
  });
}
