// Loaded only where an area is drawn in a shadow root (embed.js, issue 59): the dashboard's own pages
// never download it.
import { useMemo, type ReactNode } from 'react';
import {
  ChakraProvider,
  EnvironmentProvider,
  createSystem,
  defaultConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { dashboardThemeConfig } from './theme.js';

/**
 * The kit for an area embedded in another site's page, inside a shadow root: the tokens' variables on
 * :host instead of :root, the reset scoped to the shadow root and the page's globals on the shadow
 * root's children, so neither the page's styles nor the area's cross the boundary.
 */
let made: SystemContext | undefined;
const shadowSystem = (): SystemContext =>
  (made ??= createSystem(
    defaultConfig,
    { ...dashboardThemeConfig, globalCss: {} },
    defineConfig({
      cssVarsRoot: ':host',
      conditions: { light: ':host &, .light &' },
      preflight: { scope: ':host' },
      globalCss: {
        ':host': { display: 'block' },
        // the page's rules (`* { color: red }`) reach the shadow host itself, and the area's elements
        // would inherit them: the shadow root's children (the area and its portals) set their own
        ':host > *': { color: 'fg', lineHeight: '1.5', colorPalette: 'gray', fontFamily: 'body' },
      },
    }),
  ));

/**
 * Chakra inside a shadow root: the styles emotion writes and Chakra's portals (dialogs, menus, toasts)
 * go into the shadow root instead of the page's head and body.
 */
export function ShadowRootProviders({
  shadowRoot,
  children,
}: {
  shadowRoot: ShadowRoot;
  children: ReactNode;
}) {
  const cache = useMemo(
    () => createCache({ key: 'crm-sync', container: shadowRoot }),
    [shadowRoot],
  );
  return (
    <EnvironmentProvider value={() => shadowRoot}>
      <CacheProvider value={cache}>
        <ChakraProvider value={shadowSystem()}>{children}</ChakraProvider>
      </CacheProvider>
    </EnvironmentProvider>
  );
}

export default ShadowRootProviders;
