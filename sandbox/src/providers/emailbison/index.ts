import { defineProvider } from '../../core/provider.js';
import { emailBisonErrors } from './errors.js';
import { emailBisonRoutes } from './routes.js';
import { createEmailBisonState, type EmailBisonState } from './state.js';

export const emailbison = defineProvider<EmailBisonState>({
  name: 'emailbison',
  title: 'EmailBison',
  prefix: '/emailbison',
  realBaseUrl: 'any EmailBison instance, e.g. https://dedi.emailbison.com (API under /api)',
  // No limit is documented publicly, so the switch enforces none here.
  rateLimits: [],
  errors: emailBisonErrors,
  credentials: () => ({
    'Workspace token (Authorization: Bearer)': 'eb-valid-key',
    'Base URL': 'any instance URL maps to /emailbison',
  }),
  createState: () => createEmailBisonState(),
  inspect: (state) => ({
    user: state.user,
    blacklistedEmails: state.emails,
    blacklistedDomains: state.domains,
    webhooks: state.webhooks,
  }),
  overview: (state) => [
    { title: 'Blacklisted emails', rows: state.emails.map((entry) => ({ ...entry })) },
    { title: 'Blacklisted domains', rows: state.domains.map((entry) => ({ ...entry })) },
    {
      title: 'Webhooks',
      rows: state.webhooks.map(({ id, name, url, events, created_at }) => ({
        id,
        name,
        url,
        events: events.join(', '),
        created_at,
      })),
    },
  ],
  routes: emailBisonRoutes,
});
