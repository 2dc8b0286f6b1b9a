import { escapeHtml, hiddenInputs, page } from '../../core/html.js';
import type { HubSpotState } from './state.js';

export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  scope: string;
  optional_scope?: string;
  state?: string;
}

/** The install screen: which portal and user, which scopes, and Connect / Cancel. */
export function consentPage(state: HubSpotState, params: AuthorizeParams, action: string): string {
  const scopes = [
    ...params.scope.split(/[\s+]+/),
    ...(params.optional_scope ?? '').split(/[\s+]+/),
  ].filter(Boolean);
  const carried = hiddenInputs({
    client_id: params.client_id,
    redirect_uri: params.redirect_uri,
    scope: params.scope,
    optional_scope: params.optional_scope,
    state: params.state,
  });
  return page(
    'Connect to HubSpot (sandbox)',
    `<div class="card">
<h1>Connect app to HubSpot</h1>
<p>The app <strong>${escapeHtml(params.client_id)}</strong> wants to connect to the HubSpot account
<strong>${escapeHtml(state.portal.hubDomain)}</strong> (Hub ID ${state.portal.hubId}) as <strong>${escapeHtml(state.portal.user.email)}</strong>.</p>
<p>It asks for these scopes:</p><ul>${scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>
<form method="post" action="${escapeHtml(action)}">${carried}
<button class="primary" type="submit" name="decision" value="connect">Connect</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>
<p class="muted">This is the CRM Sync sandbox, not HubSpot.</p>
</div>`,
  );
}

export function authorizeErrorPage(message: string): string {
  return page(
    'HubSpot authorization error (sandbox)',
    `<div class="card"><h1>Authorization failed</h1><p>${escapeHtml(message)}</p><p class="muted">This is the CRM Sync sandbox, not HubSpot.</p></div>`,
  );
}
