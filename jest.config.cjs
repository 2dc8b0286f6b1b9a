// Every package's unit, component and api tests; the browser tests have their own config (e2e/).
module.exports = {
  projects: ['shared', 'shell', 'mfe-connections', 'mfe-webhooks', 'mfe-blocklists', 'mfe-logs', 'api', 'sandbox'].map((dir) => `<rootDir>/${dir}`),
};
