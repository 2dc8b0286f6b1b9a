import { escapeHtml } from './html.js';

const styles = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #0f172a;
    background: linear-gradient(135deg, #eef2ff 0%, #f8fafc 55%, #ecfeff 100%); }
  main { width: 100%; max-width: 400px; }
  .card { background: #fff; border: 1px solid #e2e8f0; border-radius: 14px; padding: 32px;
    box-shadow: 0 10px 30px rgba(15, 23, 42, 0.08); }
  .brand { display: flex; align-items: center; gap: 10px; margin-bottom: 20px; font-weight: 700; color: #4338ca; }
  .brand-mark { width: 32px; height: 32px; border-radius: 8px; background: #4f46e5; color: #fff; display: grid;
    place-items: center; font-size: 15px; letter-spacing: 0.5px; }
  h1 { font-size: 22px; margin: 0 0 6px; }
  .lead { margin: 0 0 22px; color: #475569; font-size: 14px; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 14px 0 6px; }
  input { width: 100%; padding: 10px 12px; border: 1px solid #cbd5e1; border-radius: 8px; font-size: 15px; }
  input:focus { outline: 2px solid #a5b4fc; border-color: #6366f1; }
  button { width: 100%; margin-top: 22px; padding: 11px 14px; border: 0; border-radius: 8px; background: #4f46e5; color: #fff;
    font-size: 15px; font-weight: 600; cursor: pointer; }
  button:hover { background: #4338ca; }
  .error { margin: 0 0 6px; padding: 10px 12px; border-radius: 8px; background: #fef2f2; border: 1px solid #fecaca;
    color: #b91c1c; font-size: 14px; }
  .demo { margin-top: 18px; padding: 16px 18px; background: #f8fafc; border: 1px dashed #cbd5e1; border-radius: 12px;
    font-size: 13px; color: #334155; }
  .demo h2 { font-size: 13px; margin: 0 0 8px; text-transform: uppercase; letter-spacing: 0.06em; color: #64748b; }
  .demo ul { margin: 0 0 8px; padding: 0; list-style: none; }
  .demo li { display: flex; justify-content: space-between; gap: 12px; padding: 3px 0; }
  .demo code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
  .demo p { margin: 0; }
  a { color: #4338ca; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<div class="card">
<div class="brand"><span class="brand-mark" aria-hidden="true">CS</span><span>CRM Sync</span></div>
${body}
</div>
</main>
</body>
</html>
`;
}

export interface DemoAccount {
  email: string;
  roleLabel: string;
}

export interface LoginPageInput {
  /** Where the form posts. */
  action: string;
  email?: string;
  error?: string;
  /** Listed under the form when SHOW_DEMO_ACCOUNTS is on. */
  demo?: { accounts: DemoAccount[]; password: string };
}

export const LOGIN_TITLE = 'Sign in to CRM Sync';
export const WRONG_CREDENTIALS = 'Wrong email or password.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Wait a few minutes, then try again.';

export function renderLoginPage({ action, email = '', error, demo }: LoginPageInput): string {
  const errorBlock = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const demoBlock = demo
    ? `<section class="demo" aria-labelledby="demo-accounts">
<h2 id="demo-accounts">Demo accounts</h2>
<ul>
${demo.accounts.map((account) => `<li><code>${escapeHtml(account.email)}</code><span>${escapeHtml(account.roleLabel)}</span></li>`).join('\n')}
</ul>
<p>Password for each: <code>${escapeHtml(demo.password)}</code></p>
</section>`
    : '';
  return layout(
    LOGIN_TITLE,
    `<h1>${escapeHtml(LOGIN_TITLE)}</h1>
<p class="lead">Use your CRM Sync account to continue to the dashboard.</p>
${errorBlock}
<form method="post" action="${escapeHtml(action)}" autocomplete="on" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
${demoBlock}`,
  );
}

/** A page for a sign-in that cannot go on (expired or unknown interaction, issuer error), or a notice with one link. */
export function renderProblemPage(
  title: string,
  message: string,
  restartUrl: string,
  linkText = 'Start signing in again',
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(restartUrl)}">${escapeHtml(linkText)}</a></p>`,
  );
}

export interface SetPasswordPageInput {
  action: string;
  token: string;
  email: string;
  error?: string;
}

export const SET_PASSWORD_TITLE = 'Set your CRM Sync password';

/** The one-time set-password page (the link `npm run create-admin` prints). */
export function renderSetPasswordPage({
  action,
  token,
  email,
  error,
}: SetPasswordPageInput): string {
  const errorBlock = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return layout(
    SET_PASSWORD_TITLE,
    `<h1>${escapeHtml(SET_PASSWORD_TITLE)}</h1>
<p class="lead">For ${escapeHtml(email)}. At least 12 characters.</p>
${errorBlock}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus>
<label for="confirmation">Repeat the password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button>
</form>`,
  );
}

/** The page a cross-site or typed-in GET /oauth/logout gets: signing out takes a press (a POST). */
export function renderLogoutPage(action: string): string {
  return layout(
    'Log out of CRM Sync',
    `<h1>Log out of CRM Sync?</h1>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Log out</button>
</form>`,
  );
}
