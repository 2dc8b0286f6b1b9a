// The import boundaries of the workspace (design.md), as ESLint config blocks for eslint.config.mjs.
// Paths between our own files: import-x `no-restricted-paths` on the resolved file, so relative,
// package (`shared/ui`) and dynamic imports are all caught. Outside packages: `no-restricted-imports`.
// Both rules take one option set per file: a later block replaces an earlier one's, so every block
// below lists all the restrictions of its files.
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver } from 'eslint-plugin-import-x';

const root = path.dirname(import.meta.dirname);
const folders = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

export const remotes = folders('.').filter((name) => name.startsWith('mfe-'));
const featureRoots = ['shell', ...remotes].map((app) => `${app}/src/features`);
// routes/admin mounts every group under /api/admin: it is the composition root, not a group.
const routeGroups = folders('api/src/routes').filter((group) => group !== 'admin');

// Debt from before these rules, allowed exactly and nothing more; nothing may join these lists.
// All are empty since the authz/ and services/ refactor (issue 9) and the layers of issue 52: keep them so.
// Route group → files of other groups it may still import.
const routeGroupDebt = {};
// Adapters that may still import http/http-error.ts.
export const adapterDebt = [];
// Route files that may still reach past the services (import repositories, adapters, the database or a
// feature; read app.db, app.config or app.secretBox), each with why. Issue 52 set the layers.
export const routeLayerDebt = {};

const zone = (target, from, message, except) => ({
  target: `./${target}`,
  from: [from].flat().map((p) => `./${p}`),
  message,
  ...(except && { except }),
});

const remoteZones = [
  ...remotes.map((remote) =>
    zone(
      remote,
      remotes.filter((other) => other !== remote),
      'A remote never imports another remote: share through shared/ or the host contract.',
    ),
  ),
  zone(
    'shell',
    remotes,
    "The shell loads the remotes at runtime (remotes.json), never imports a remote's code.",
  ),
];
const featureZones = featureRoots.flatMap((featuresDir) => [
  ...folders(featuresDir).map((feature) =>
    zone(
      `${featuresDir}/${feature}`,
      featuresDir,
      'A feature never imports another feature (app → features → shared): move what both need to lib/ or shared/.',
      [`./${feature}`],
    ),
  ),
  zone(
    featuresDir,
    featuresDir.replace(/features$/, 'app'),
    'A feature never imports the app (app → features → shared).',
  ),
]);
const routeZones = routeGroups.map((group) =>
  zone(
    `api/src/routes/${group}`,
    'api/src/routes',
    'A route group never imports another route group: move what both need to services/ or authz/.',
    [`./${group}`, ...(routeGroupDebt[group] ?? []).map((file) => path.posix.join(group, file))],
  ),
);
const adaptersMessage =
  'Adapters never import the HTTP layer (routes, http, plugins): services call adapters, not the reverse.';
const adapterZones = (httpExcept) => [
  zone('api/src/adapters', ['api/src/routes', 'api/src/plugins'], adaptersMessage),
  zone('api/src/adapters', 'api/src/http', adaptersMessage, httpExcept),
];

// The api's layers (design.md "The api's layers"): routes → services → repositories and adapters.
const api = (dir) => `api/src/${dir}`;
const features = ['crm-writers', 'block-list-sync', 'forwarding'].map(api);
const adapterLayerZones = [
  zone(
    'api/src/adapters',
    [
      'repositories',
      'services',
      ...features.map((f) => f.slice('api/src/'.length)),
      'receiver',
      'jobs',
    ].map(api),
    'Adapters never import repositories, services or features: what they keep (tokens) goes through a port the caller passes in (deps.crmSessions).',
  ),
];
const repositoryZones = [
  zone(
    'api/src/repositories',
    ['adapters', 'services', 'routes', 'http', 'plugins', 'receiver', 'jobs']
      .map(api)
      .concat(features),
    'Repositories import no adapter, service, feature nor the HTTP layer: they are SQL over one table; shared types live in records/.',
  ),
];
const serviceZones = [
  zone(
    'api/src/services',
    ['routes', 'http', 'plugins'].map(api),
    'Services never import the HTTP layer: throw a domain error (services/domain-errors.ts), which contractRoute maps to HTTP.',
  ),
];
const featureApiZones = features.map((feature) =>
  zone(
    feature,
    features.filter((other) => other !== feature),
    'A feature (crm-writers, block-list-sync, forwarding) never imports another: shared pacing lives in providers/, shared types in records/.',
  ),
);
const routeLayerMessage =
  'Routes call services, never repositories, adapters, the database, a feature or provider pacing directly.';
const routeLayerZones = [
  zone(
    'api/src/routes',
    ['repositories', 'adapters', 'db', 'receiver', 'jobs'].map(api).concat(features),
    routeLayerMessage,
  ),
  // a provider's refusal (provider-error.ts) is what a route may present; its counters are the services'
  zone('api/src/routes', api('providers'), routeLayerMessage, ['./provider-error.ts']),
];
/** Routes hand `app.deps` to services: the database, configuration and secrets stay out of their hands. */
const reachedPastServices = /^(db|config|secretBox)$/;
const routeSyntax = [
  {
    selector: `MemberExpression[object.name='app'][property.name=${reachedPastServices}]`,
    message:
      'Routes call services with app.deps, never app.db, app.config or app.secretBox directly.',
  },
  {
    selector: `VariableDeclarator[init.name='app'] > ObjectPattern > Property[key.name=${reachedPastServices}]`,
    message:
      'Routes call services with app.deps, never app.db, app.config or app.secretBox directly.',
  },
];

const uiZones = [
  zone(
    'shared/src/contract',
    ['shared/src/ui', 'shared/src/testing'],
    'shared/contract stays free of React: the api and sandbox import it.',
  ),
  zone(
    'api',
    ['shared/src/ui', 'shared/src/testing'],
    'The api never imports React code (shared/ui, shared/testing).',
  ),
  zone(
    'sandbox',
    ['shared/src/ui', 'shared/src/testing'],
    'The sandbox never imports React code (shared/ui, shared/testing).',
  ),
];

const ban = (group, message) => ({ group, message });
const noReact = (who) =>
  ban(
    [
      'react',
      'react/**',
      'react-dom',
      'react-dom/**',
      '@chakra-ui/**',
      '@emotion/**',
      '@tanstack/react-query',
      'react-router-dom',
      'shared/ui',
      'shared/testing',
    ],
    `${who} never imports React or the UI kit.`,
  );
// A regex, not a glob: `mfe-*` would also match a relative `../../mfe-logs/src`, which the zones report.
const noRemote = {
  regex: '^mfe-',
  message: 'Remotes are loaded at runtime by the shell; never import one by package name.',
};
const noFastify = ban(
  ['fastify', '@fastify/**'],
  'Adapters never import the HTTP layer (fastify): pass them what they need.',
);

const block = (files, zones, bans, ignores = [], syntax = []) => ({
  files,
  ignores,
  rules: {
    'import-x/no-restricted-paths': zones.length ? ['error', { zones, basePath: root }] : 'off',
    'no-restricted-imports': bans.length ? ['error', { patterns: bans }] : 'off',
    'no-restricted-syntax': syntax.length ? ['error', ...syntax] : 'off',
  },
});

const ts = '{src,test,tests}/**/*.{ts,tsx}';
const adapters = 'api/src/adapters/**/*.{ts,tsx}';
const inDir = (dir) => `api/src/${dir}/**/*.{ts,tsx}`;
const routeDebtFiles = Object.keys(routeLayerDebt);
const apiBlock = (files, zones, ignores = [], syntax = []) =>
  block(files, [...uiZones, ...routeZones, ...zones], [noReact('The api')], ignores, syntax);
export const boundaryBlocks = [
  {
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['crm-sync-source', 'types', 'import', 'require', 'default'],
        }),
      ],
    },
  },
  block(
    ['shell', ...remotes].map((app) => `${app}/${ts}`),
    [...remoteZones, ...featureZones],
    [noRemote],
  ),
  block(['shared/src/contract/**/*.{ts,tsx}'], uiZones, [noReact('shared/contract')]),
  block(['sandbox/' + ts], uiZones, [noReact('The sandbox')]),
  apiBlock(['api/' + ts], [], [adapters]),
  apiBlock([inDir('repositories')], repositoryZones),
  apiBlock([inDir('services')], serviceZones),
  ...features.map((feature) => apiBlock([`${feature}/**/*.{ts,tsx}`], featureApiZones)),
  apiBlock([inDir('routes')], routeLayerZones, routeDebtFiles, routeSyntax),
  // Only while routeLayerDebt lists a file (ESLint refuses a block without files).
  ...(routeDebtFiles.length ? [apiBlock(routeDebtFiles, [])] : []),
  block(
    [adapters],
    [...uiZones, ...adapterZones(), ...adapterLayerZones],
    [noReact('The api'), noFastify],
    adapterDebt,
  ),
  // Only while adapterDebt lists a file (ESLint refuses a block without files).
  ...(adapterDebt.length
    ? [
        block(
          adapterDebt,
          [...uiZones, ...adapterZones(['./http-error.ts']), ...adapterLayerZones],
          [noReact('The api')],
        ),
      ]
    : []),
];
