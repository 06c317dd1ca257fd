/*
 * Import rules checked by `npm run lint` (with Biome): the web's features stand on their own, the
 * pieces they share know no feature, the server's listing search is reached through its index
 * alone, and no module imports itself through others.
 */
const path = require('node:path');

const WEB = '^apps/web/src/';
const LISTING_SEARCH = '^apps/server/src/modules/listing-search/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-feature-to-feature',
      comment:
        'A web feature stands on its own. What two features share lives in components/, hooks/ or lib/; a page that shows another feature gets it from its route module in app/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/([^/]+)/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'no-feature-to-app',
      comment:
        'The route layer (app/) composes the features; a feature does not reach back into it.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'shared-knows-no-feature',
      comment:
        'components/, hooks/ and lib/ serve every feature, so they import neither a feature nor the route layer.',
      severity: 'error',
      from: { path: `${WEB}(components|hooks|lib)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'listing-search-through-its-index',
      comment:
        'The server reaches listing search (modules/listing-search) through its index.ts alone, the small interface the module keeps; what lies behind it may change without the rest of the server (decision 045).',
      severity: 'error',
      from: { pathNot: LISTING_SEARCH },
      to: { path: LISTING_SEARCH, pathNot: `${LISTING_SEARCH}index\\.ts$` },
    },
    {
      name: 'no-circular',
      comment: 'Modules depend on each other one way only.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves; an unresolved one (say, a path alias this configuration does not know) would hide from the rules above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types still ties the modules together.
    tsPreCompilationDeps: true,
    // The web's `@/` alias; the configuration adds the base it needs to resolve it.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.dependency-cruiser.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // The workspace packages are read from source, as TypeScript and Vite read them.
      conditionNames: ['source', 'import', 'default'],
    },
  },
};
