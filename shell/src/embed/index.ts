// embed.js (issue 59): `CrmSync.mount(element, options)` for a page's own code, and the one-tag
// form `<script src="…/embed.js" data-area="blocklists" …>` mounted into #crm-sync or data-target.
// It runs before anything else loads, so the page can call CrmSync.mount right after the tag.
import type { EmbedOptions } from './embed-options';

const script = document.currentScript as HTMLScriptElement | null;
const serverUrl = script ? new URL(script.src).origin : window.location.origin;

async function mount(element: Element, options: EmbedOptions): Promise<() => void> {
  // the async boundary Module Federation needs to negotiate the shared libraries first
  const { mountArea } = await import('./mount');
  try {
    return mountArea(element, options, serverUrl);
  } catch (error) {
    console.error('CRM Sync embed:', error);
    throw error;
  }
}

async function tokenFrom(url: string): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string') throw new Error(`${url} answered no token`);
  return body.token;
}

function mountFromTag(tag: HTMLScriptElement): void {
  const { area, route, token, tokenUrl, target = 'crm-sync' } = tag.dataset;
  if (!area) return;
  const element = document.getElementById(target);
  if (!element) return console.error(`CRM Sync embed: the page has no element #${target}`);
  void mount(element, {
    area: area as EmbedOptions['area'],
    route,
    token,
    getToken: tokenUrl ? () => tokenFrom(tokenUrl) : undefined,
  });
}

declare global {
  interface Window {
    CrmSync?: { mount: typeof mount };
  }
}

window.CrmSync = { mount };
if (script) {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => mountFromTag(script));
  else mountFromTag(script);
}
