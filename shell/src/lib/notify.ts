import { createToaster } from '@chakra-ui/react';
import { TOAST_LIFE_MS, type ToastMessage, type ToastSeverity } from 'shared/rules';
import { TOAST_OFFSET_TOP } from 'shared/ui';

/** The page's one toaster: top-right (spec §9), below an open dialog's close button. */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 8,
  offsets: { top: TOAST_OFFSET_TOP, right: '1rem', bottom: '1rem', left: '1rem' },
});

const typeOf: Record<ToastSeverity, 'info' | 'success' | 'warning' | 'error'> = {
  info: 'info',
  success: 'success',
  warn: 'warning',
  error: 'error',
  secondary: 'info',
  contrast: 'info',
};

/** Shows a toast; life 0 keeps it until dismissed, otherwise it goes after `life` ms (3000 by default). */
export function notify({ severity, summary, detail, life = TOAST_LIFE_MS }: ToastMessage): void {
  toaster.create({
    type: typeOf[severity],
    title: summary,
    description: detail,
    duration: life === 0 ? Infinity : life,
    closable: true,
    meta: { severity },
  });
}
