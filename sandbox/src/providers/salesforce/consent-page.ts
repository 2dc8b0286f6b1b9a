import { escapeHtml, hiddenInputs, page } from '../../core/html.js';
import type { SalesforceState } from './state.js';

export interface AuthorizeParams {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state?: string;
  scope?: string;
  prompt?: string;
}

/** "Allow access?" for the connected app, signed in as the org's administrator. */
export function consentPage(
  state: SalesforceState,
  params: AuthorizeParams,
  action: string,
  host: string,
): string {
  const user = state.records.User!.find((candidate) => candidate.Id === state.connectedUserId)!;
  return page(
    'Allow Access? (Salesforce sandbox)',
    `<div class="card">
<h1>Allow Access?</h1>
<p>The connected app <strong>${escapeHtml(params.client_id)}</strong> is asking to access the org
<strong>${escapeHtml(state.org.name)}</strong> (My Domain <code>${escapeHtml(host)}</code>) as <strong>${escapeHtml(user.Username)}</strong>.</p>
<p>It will be able to: access your basic information, access and manage your data (api), and perform requests at any time (refresh_token).</p>
<form method="post" action="${escapeHtml(action)}">${hiddenInputs({ ...params })}
<button class="primary" type="submit" name="decision" value="connect">Connect</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>
<p class="muted">This is the CRM Sync sandbox, not Salesforce. Any My Domain lands here.</p>
</div>`,
  );
}

export function authorizeErrorPage(error: string, description: string): string {
  return page(
    'OAuth error (Salesforce sandbox)',
    `<div class="card"><h1>Remote Access Authorization Error</h1><p>There was a problem in setting up your remote access.</p><p><code>error=${escapeHtml(error)}&amp;error_description=${escapeHtml(description)}</code></p><p class="muted">This is the CRM Sync sandbox, not Salesforce.</p></div>`,
  );
}
