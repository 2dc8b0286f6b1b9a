/** The welcome page's words, for its React page (in-app navigation) and its plain one (opened directly). */
export const landingText = {
  tagline: 'Connect HubSpot or Salesforce to smartlead, instantly, bison and heyreach.',
  featuresTitle: 'Trusted by outbound teams for',
  /** spec §1: what the product is trusted for. */
  features: [
    'Tracking outbound attribution of leads, meetings, deals and revenue',
    'Keeping block lists in step across your engagement platforms',
    'Automating workflows and reporting',
  ],
  login: 'SECURE LOGIN',
  help: 'Need help?',
  support: 'Contact support',
  copyright: '© 2024 CRM Sync',
} as const;
