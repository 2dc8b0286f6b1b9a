import { createRoot, type Root } from 'react-dom/client';
import { embedArea } from 'shared/contract';
import { ShadowRootProviders } from 'shared/ui/shadow';
import type { EmbedOptions } from './embed-options';
import { EmbeddedArea } from './EmbeddedArea';

const roots = new WeakMap<Element, Root>();

/**
 * Draws an area in `element`, inside a shadow root of its own: the page's styles stay out and the
 * area's (Chakra's, its dialogs' and toasts') stay in. Mounting again replaces the area.
 */
export function mountArea(element: Element, options: EmbedOptions, serverUrl: string): () => void {
  const area = embedArea.safeParse(options.area);
  if (!area.success)
    throw new Error(`"${options.area}" is not an area: ${embedArea.options.join(', ')}`);
  roots.get(element)?.unmount();
  const shadowRoot = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  shadowRoot.replaceChildren();
  const container = document.createElement('div');
  shadowRoot.append(container);
  const root = createRoot(container);
  roots.set(element, root);
  const apiBaseUrl = (options.apiBaseUrl ?? serverUrl).replace(/\/$/, '');
  root.render(
    <ShadowRootProviders shadowRoot={shadowRoot}>
      <EmbeddedArea options={options} apiBaseUrl={apiBaseUrl} shadowRoot={shadowRoot} />
    </ShadowRootProviders>,
  );
  return () => {
    root.unmount();
    roots.delete(element);
  };
}
