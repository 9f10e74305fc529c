/**
 * Server import boundaries (issue 29; drawn in docs/architecture.md, "Layers and events").
 * Run: npm run lint:deps:server. The web app has its own config in apps/web/.dependency-cruiser.cjs.
 *
 * Tests and test kits (*.test.ts, features/<f>/test-<x>.ts, *-test-kit.ts, apps/server/test) are not cruised: a test may
 * set up rows through any feature it needs.
 */
const F = '^apps/server/src/features/';

/** Bottom to top. A feature imports its own layer (without cycles) and the layers below, never a layer above. */
const layers = [
  {
    name: 'tenancy',
    features: ['clients', 'client-smtp', 'client-contacts', 'companies', 'legal-texts', 'platform-texts', 'health'],
  },
  {
    name: 'content',
    features: ['scorm', 'modules', 'courses', 'course-files', 'templates'],
  },
  { name: 'messaging', features: ['mail'] },
  {
    name: 'identity',
    features: [
      'users',
      'group-admin',
      'groups',
      'account',
      'auth',
      'entra-login',
      'user-import',
      'scim',
      'client-tokens',
      'contact-persons',
    ],
  },
  { name: 'delivery', features: ['trainings', 'scorm-runtime', 'content-origin', 'documents'] },
  { name: 'outcomes', features: ['certificates', 'reminders', 'messages', 'premium', 'recertification', 'digest'] },
  { name: 'composition', features: ['audit', 'home', 'jobs', 'demo', 'gdpr', 'learning-record', 'reports'] },
];

const layerPaths = (layer) => `${F}(${layer.features.join('|')})/`;

const layerRules = layers.slice(0, -1).map((layer, i) => {
  const higher = layers.slice(i + 1);
  return {
    name: `layer-${layer.name}`,
    severity: 'error',
    comment:
      `A ${layer.name} feature imports a feature of a higher layer (${higher.map((l) => l.name).join(', ')}). ` +
      'Fix: move the shared rule down into this layer (or platform), or publish an event from this feature ' +
      '(apps/server/src/platform/events.ts, subscribed in features/wiring.ts) that the higher feature handles. ' +
      'Layers: docs/architecture.md.',
    from: { path: layerPaths(layer) },
    to: { path: higher.map(layerPaths), pathNot: layerPaths(layer) },
  };
});

const allFeatures = layers.flatMap((l) => l.features);

module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      severity: 'error',
      comment:
        'Feature folders import each other in a cycle. Fix: decide which of the two is lower (docs/architecture.md, ' +
        'layers); the lower one must not import the higher one: move the shared code down, or publish an event ' +
        '(platform/events.ts) that the higher feature subscribes to in features/wiring.ts.',
      scope: 'folder',
      from: { path: `${F}[^/]+$` },
      to: { path: `${F}[^/]+$`, circular: true },
    },
    ...layerRules,
    {
      name: 'feature-public-face',
      severity: 'error',
      comment:
        "Imports another feature's internal file. Fix: import from that feature's index.ts (its public face); if " +
        'what you need is not exported there, add it to that index.ts (features/README convention in docs/architecture.md).',
      from: { path: `${F}([^/]+)/` },
      to: {
        path: `${F}[^/]+/`,
        pathNot: [`${F}$1/`, `${F}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'unlayered-feature',
      severity: 'error',
      comment:
        'A feature folder is not in any layer of .dependency-cruiser.cjs. Fix: add it to the layer it belongs to ' +
        '(and to the table in docs/architecture.md).',
      from: { path: F },
      to: { path: `${F}[^/]+/`, pathNot: `${F}(${allFeatures.join('|')})/` },
    },
    {
      name: 'platform-not-to-features',
      severity: 'error',
      comment:
        'platform/ is the bottom of the server and must not know any feature. Fix: pass what platform needs as a ' +
        'parameter or a registered callback (as job handlers and event subscribers are), wired in app.ts.',
      from: { path: '^apps/server/src/platform/' },
      to: { path: F },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their kits (features/<f>/test-<x>.ts, *-test-kit.ts, apps/server/test) set up rows through whatever
    // features they need; they are not part of the layered program.
    exclude: { path: ['\\.test\\.ts$', '/test-[^/]+\\.ts$', '-test-kit\\.ts$', '^apps/server/test/', 'node_modules'] },
    // Values only, as the compiled program sees them: `import type` is erased. (db/database.ts assembles the Kysely
    // schema from every feature's *.table.ts types; counting those would put every feature in one folder cycle.)
    tsPreCompilationDeps: false,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
