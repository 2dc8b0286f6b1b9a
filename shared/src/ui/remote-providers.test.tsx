import { render, screen } from '@testing-library/react';
import { DASHBOARD_BASENAME } from '../host';
import { createFakeHost } from '../testing/render-with-host';
import { RemoteProviders } from './remote-providers';

/** The CSS the page holds now, from every style element the kit inserted (as text, or as rules). */
const pageCss = () =>
  Array.from(
    document.querySelectorAll('style'),
    (style) =>
      `${style.textContent ?? ''}${Array.from(style.sheet?.cssRules ?? [], (rule) => rule.cssText).join('\n')}`,
  ).join('\n');

describe("a remote's providers", () => {
  it("inside the shell add no second copy of the reset or the global styles, only the tokens' variables", async () => {
    render(
      <RemoteProviders
        host={createFakeHost()}
        basename={DASHBOARD_BASENAME}
        location={DASHBOARD_BASENAME}
      >
        <p>A screen</p>
      </RemoteProviders>,
    );
    await screen.findByText('A screen');
    expect(pageCss()).toContain('--chakra-colors-primary-solid');
    expect(pageCss()).not.toContain('::backdrop');
    expect(pageCss()).not.toContain('data-scroll-lock');
  });

  it('on a page of their own bring the reset and the global styles', async () => {
    render(
      <RemoteProviders
        ownsPage
        host={createFakeHost()}
        basename={DASHBOARD_BASENAME}
        location={DASHBOARD_BASENAME}
      >
        <p>A screen</p>
      </RemoteProviders>,
    );
    await screen.findByText('A screen');
    expect(pageCss()).toContain('--chakra-colors-primary-solid');
    expect(pageCss()).toContain('::backdrop');
    expect(pageCss()).toContain('data-scroll-lock');
  });
});
