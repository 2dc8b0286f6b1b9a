import logo from '../../assets/logo.svg';
import { PRODUCT_NAME } from '../../lib/use-document-title';
import { landingText } from './landing-text';

// The welcome page: plain DOM, no React, no Chakra, so a visitor who is not signed in downloads a few KiB
// instead of the dashboard (issue 58: ≤ 80 KiB). The dashboard shows this same page when it navigates to /
// (WelcomePage.tsx); the theme's colours and sizes are written out here.
const colors = { page: '#fafafa', border: '#e4e4e7', muted: '#52525b', primary: '#18181b' };
const font =
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

type Style = Partial<Record<keyof CSSStyleDeclaration, string>>;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Style,
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  Object.assign(made.style, style);
  made.append(...children);
  return made;
}

/** The support address from /remotes.json, read without the dashboard's schemas; none if it cannot be read. */
async function supportEmail(): Promise<string | undefined> {
  try {
    const response = await fetch('/remotes.json', { headers: { accept: 'application/json' } });
    const config: unknown = response.ok ? await response.json() : undefined;
    const email = (config as { supportEmail?: unknown } | undefined)?.supportEmail;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

/** Draws the page into `root`; answers how to undo the page's body style (the dashboard navigating on). */
export function renderPlainWelcome(root: HTMLElement): () => void {
  document.title = PRODUCT_NAME;
  const bodyStyle = document.body.style.cssText;
  Object.assign(document.body.style, {
    margin: '0',
    background: colors.page,
    fontFamily: font,
    color: '#09090b',
    lineHeight: '1.5',
  });
  const image = element('img', { width: '4rem', height: '4rem' });
  image.src = logo;
  image.alt = 'CRM Sync logo';
  const login = element(
    'a',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      height: '2.75rem',
      borderRadius: '0.375rem',
      background: colors.primary,
      color: 'white',
      fontWeight: '500',
      textDecoration: 'none',
    },
    landingText.login,
  );
  login.href = '/auth/login';
  const support = element(
    'a',
    { fontWeight: '600', color: 'inherit', textDecoration: 'none' },
    landingText.support,
  );
  void supportEmail().then((email) => {
    if (email) support.href = `mailto:${email}`;
  });
  const card = element(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      gap: '2rem',
      maxWidth: '32rem',
      width: '100%',
      boxSizing: 'border-box',
      background: 'white',
      padding: '2.5rem',
      borderRadius: '0.75rem',
      border: `1px solid ${colors.border}`,
      boxShadow: '0 1px 3px rgba(0,0,0,0.1), 0 1px 2px rgba(0,0,0,0.06)',
    },
    element(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '0.75rem',
        textAlign: 'center',
      },
      image,
      element(
        'h1',
        { margin: '0', fontSize: '1.875rem', lineHeight: '2.25rem', fontWeight: '600' },
        PRODUCT_NAME,
      ),
      element('p', { margin: '0', color: colors.muted }, landingText.tagline),
    ),
    element(
      'div',
      {},
      element('p', { margin: '0 0 0.5rem', fontWeight: '600' }, landingText.featuresTitle),
      element(
        'ul',
        {
          margin: '0',
          paddingInlineStart: '1.25rem',
          display: 'flex',
          flexDirection: 'column',
          gap: '0.5rem',
        },
        ...landingText.features.map((feature) => element('li', {}, feature)),
      ),
    ),
    login,
    element(
      'p',
      { margin: '0', textAlign: 'center', fontSize: '0.875rem' },
      `${landingText.help} `,
      support,
    ),
    element(
      'p',
      { margin: '0', textAlign: 'center', fontSize: '0.75rem', color: colors.muted },
      landingText.copyright,
    ),
  );
  root.replaceChildren(
    element(
      'div',
      {
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '1.5rem',
        boxSizing: 'border-box',
      },
      card,
    ),
  );
  return () => {
    document.body.style.cssText = bodyStyle;
  };
}
