// @ts-check
/**
 * The web app's import boundaries (issue 29 point 2; bulletproof-react's "unidirectional codebase"), checked by
 * `npm run lint:deps:web` as part of `npm run lint`. The layers, lowest first:
 *
 *   components/, lib/, hooks/, locales/  shared building blocks: import no feature and not the app shell;
 *   features/<name>/                      one area of the product: imports the shared blocks and its own files only;
 *   app/                                 the shell (router, layout, guards) and the pages that show two features
 *                                        (app/pages): composes features, imports their files directly.
 *
 * There are no index.ts barrels on purpose: a feature's face for the shell is its routes.tsx plus the components the
 * shell places (bulletproof-react dropped barrels because they defeat Vite's tree shaking, and our first-visit
 * budget, e2e/first-visit.e2e.ts, cannot take that). docs/architecture.md "Web app boundaries" has the full picture.
 * Exceptions: none.
 */
const path = require('node:path');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-no-cross-feature',
      severity: 'error',
      comment:
        'A feature imports another feature. Move what both need down to apps/web/src/components (UI), ' +
        'apps/web/src/lib (calls, hooks, helpers) or apps/web/src/hooks; where a page shows two features, compose it ' +
        'in apps/web/src/app/pages and list its route in apps/web/src/app/composed-routes.tsx.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment:
        'Shared code (components, lib, hooks, locales) imports a feature or the app shell: it must work for every ' +
        'feature. Pass what it needs in as a parameter or prop, or move the shared part of the feature down too.',
      from: { path: '^apps/web/src/(components|lib|hooks|locales)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-imports-no-app',
      severity: 'error',
      comment:
        'A feature imports the app shell (apps/web/src/app), which imports the features: a loop. Move what the ' +
        'feature needs from the shell to apps/web/src/components or apps/web/src/lib.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-no-cycles',
      severity: 'error',
      comment:
        'These modules import each other in a circle. Move the part both need into a third module that imports ' +
        'neither (in the same feature, or down in components/lib/hooks), or pass it in as a parameter.',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
    {
      name: 'web-not-outside-web',
      severity: 'error',
      comment:
        'The web app reads only its own sources, its packages and @lms/contracts: code of the server or the ' +
        'journeys does not belong in the browser bundle. Move the shared part to packages/contracts.',
      from: { path: '^apps/web/src/' },
      to: { path: '^(apps/server|e2e|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a type from another feature is a dependency on it all the same.
    tsPreCompilationDeps: true,
    // An absolute name: dependency-cruiser resolves a relative one's `extends` against the wrong folder.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
