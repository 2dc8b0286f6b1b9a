import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes back when a dialog opened by a row action closes (issue 56): the control that started
 * it, the row's button or its "Actions" menu trigger. A menu item is gone once its menu closes, so without
 * this focus fell to <body> and a keyboard user lost their place in the table.
 */
let origin: { element: HTMLElement; at: number } | null = null;

// a dialog loaded on demand opens a moment after its action; an action long ago opened no dialog
const FRESH_MS = 10_000;

/** Called by the row's button, or the menu item with its menu's trigger, as the action starts. */
export function rememberRowActionOrigin(element: HTMLElement | null): void {
  origin = element ? { element, at: Date.now() } : null;
}

/** Focus is somewhere the row action did not put it: the dialog was opened by another control. */
function focusMovedOn(element: HTMLElement): boolean {
  const active = (element.getRootNode() as Document | ShadowRoot).activeElement;
  if (!active || active === element.ownerDocument.body) return false;
  const row = element.closest('tr') ?? element;
  return !row.contains(active) && !active.closest('[role="menu"]');
}

/** The origin of the row action that just opened a dialog, once (null when no row action did). */
export function takeRowActionOrigin(): HTMLElement | null {
  const taken = origin;
  origin = null;
  if (!taken || Date.now() - taken.at > FRESH_MS || focusMovedOn(taken.element)) return null;
  return taken.element;
}

/**
 * A dialog's finalFocusEl: the control of the row action that opened it while it is still on the page;
 * otherwise null, and the dialog restores focus as it would anyway.
 */
export function useRowActionFinalFocus(open: boolean): () => HTMLElement | null {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = takeRowActionOrigin();
  }, [open]);
  return useCallback(() => (opener.current?.isConnected ? opener.current : null), []);
}
