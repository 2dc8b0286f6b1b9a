import { useMemo, type ReactNode } from 'react';
import { EnvironmentProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';

/**
 * Puts the styles emotion writes, and Chakra's portals (dialogs, menus, toasts), into a shadow root
 * instead of the page's head and body: an area embedded in another site's page (issue 59).
 */
export function ShadowRootStyles({
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
      <CacheProvider value={cache}>{children}</CacheProvider>
    </EnvironmentProvider>
  );
}
