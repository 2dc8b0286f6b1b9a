import { escapeHtml } from '../src/idp/html.js';
import { renderLoginPage, renderProblemPage } from '../src/idp/pages.js';

describe('the identity provider pages', () => {
  it('lists the demo accounts only when asked to', () => {
    const withDemo = renderLoginPage({
      action: '/oidc/interaction/abc',
      demo: {
        accounts: [{ email: 'admin@example.com', roleLabel: 'Admin' }],
        password: 'crm-sync-demo',
      },
    });
    expect(withDemo).toContain('admin@example.com');
    expect(withDemo).toContain('crm-sync-demo');
    const without = renderLoginPage({ action: '/oidc/interaction/abc' });
    expect(without).not.toContain('crm-sync-demo');
    expect(without).not.toContain('Demo accounts');
    expect(without).toContain('<label for="email">Email</label>');
  });

  it('escapes everything it shows', () => {
    const page = renderLoginPage({
      action: '/x" onmouseover="alert(1)',
      email: '<b>"me"</b>',
      error: '<i>bad</i>',
    });
    expect(page).not.toContain('<b>');
    expect(page).not.toContain('<i>bad</i>');
    expect(page).not.toContain('" onmouseover="');
    expect(renderProblemPage('<t>', '<m>', 'javascript:"x"')).not.toMatch(/<t>|<m>|"x"/);
    expect(escapeHtml(`&<>"'\``)).toBe('&amp;&lt;&gt;&quot;&#39;&#96;');
  });
});
