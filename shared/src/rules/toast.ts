/** spec §9: toast severities, life and placement. */
export const toastSeverities = [
  'info',
  'success',
  'warn',
  'error',
  'secondary',
  'contrast',
] as const;
export type ToastSeverity = (typeof toastSeverities)[number];

/** Default life of a toast in milliseconds; 0 means it stays until dismissed. */
export const TOAST_LIFE_MS = 3000;
export const PERSISTENT = 0;
export const TOAST_WIDTH = '25rem';

export interface ToastMessage {
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  /** Milliseconds; 0 = persistent; default 3000. */
  life?: number;
}

export const errorToast = (detail: string, life: number = TOAST_LIFE_MS): ToastMessage => ({
  severity: 'error',
  summary: 'Error',
  detail,
  life,
});
export const successToast = (detail: string): ToastMessage => ({
  severity: 'success',
  summary: 'Success',
  detail,
  life: TOAST_LIFE_MS,
});
export const validationToast = (detail: string): ToastMessage => ({
  severity: 'warn',
  summary: 'Validation',
  detail,
  life: TOAST_LIFE_MS,
});
