import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';

/** The toaster's distance from the top; larger while a dialog is open (see globalCss). */
export const TOAST_OFFSET_TOP = 'var(--toast-offset-top, 1rem)';

/** Toast backgrounds dark enough for white text at 4.5:1 or more (WCAG AA), description included. */
const readableToast = (palette: string) => ({ bg: `${palette}.700`, color: 'white' });

/** spec §9: the primary colour comes from the neutral surface palette, with white contrast text. */
export const dashboardThemeConfig = defineConfig({
  globalCss: {
    body: { bg: 'gray.50' },
    // an open dialog's close button sits in its top 7 rem: toasts start below it. An open dialog or drawer
    // locks the page's scroll, and zag marks body for it; a :root:has(…open dialog…) said the same, but the
    // browser checked it again on every change to the page (a fifth of a log table's style work as it scrolls)
    'body[data-scroll-lock]': { '--toast-offset-top': '7.5rem' },
  },
  theme: {
    semanticTokens: {
      colors: {
        // WCAG AA (issue 56): red text at 4.5:1 or more on white (red.500 was 3.8:1), focus rings at 3:1 or
        // more (gray.400 was 2.6:1)
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
        primary: {
          solid: { value: '{colors.gray.800}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.gray.800}' },
          muted: { value: '{colors.gray.100}' },
          subtle: { value: '{colors.gray.200}' },
          emphasized: { value: '{colors.gray.300}' },
          focusRing: { value: '{colors.gray.800}' },
        },
      },
    },
    slotRecipes: {
      toast: {
        slots: ['root', 'title', 'description', 'indicator', 'closeTrigger', 'actionTrigger'],
        base: {
          root: {
            '&[data-type=warning]': readableToast('orange'),
            '&[data-type=success]': readableToast('green'),
            '&[data-type=error]': readableToast('red'),
          },
          description: { opacity: 1 },
          closeTrigger: { color: 'currentColor' },
        },
      },
    },
  },
});

/** Makes a system on first use: making one takes tens of milliseconds, and a page needs only one of the two. */
function onFirstUse(make: () => SystemContext): () => SystemContext {
  let made: SystemContext | undefined;
  return () => (made ??= make());
}

/** The kit for a whole page (the shell, or a remote on its own development page): theme, reset and global styles. */
export const pageSystem = onFirstUse(() => createSystem(defaultConfig, dashboardThemeConfig));

/**
 * The same kit for a remote inside the shell, without the reset and the global styles: the shell's provider
 * has put them on the page once. Each remote's provider used to add a second copy, and the browser matched
 * every element that entered the page (a scrolling table's rows) against both copies of the reset's
 * universal rules. The tokens' variables stay, so a remote deployed with a new token still has it.
 */
export const hostedSystem = onFirstUse(() =>
  createSystem(
    { ...defaultConfig, preflight: false, globalCss: {} },
    { ...dashboardThemeConfig, globalCss: {} },
  ),
);
