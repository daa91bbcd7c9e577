/**
 * The architecture's import rules, checked by `npx depcruise` (npm run lint runs it):
 * no cycles; the domain (modules/) imports no web framework and nothing of the
 * site, the CMS configuration, the scripts or the development tools; production
 * code never imports dev/; another module is reached only through its index.
 */
/** Tests and their fixtures may reach across layers (they start the CMS, run the emulator). */
const TESTS = '\\.test\\.tsx?$|/fixtures/'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: each module must sit above or below the other. Type-only imports count too: erased at run time, they still tie the two files together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-without-framework',
      severity: 'error',
      comment:
        'modules/ is plain TypeScript: Astro, Next, React and Payload’s admin belong to site/ and cms/.',
      from: { path: '^modules/' },
      to: { path: '^node_modules/(astro|@astrojs|next|react|react-dom|@payloadcms/(next|ui))/' },
    },
    {
      name: 'domain-below-the-shells',
      severity: 'error',
      comment:
        'The domain is imported by the site, the CMS configuration and the scripts, never the reverse.',
      from: { path: '^modules/', pathNot: TESTS },
      to: {
        path: '^(site|cms|scripts|dev|e2e|bench)/|^payload\\.config\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'production-without-dev-tools',
      severity: 'error',
      comment: 'The Stripe emulator, the seed and the demo data exist only in embedded mode.',
      from: { path: '^(modules|site|cms)/|^payload\\.config\\.ts$', pathNot: TESTS },
      to: { path: '^dev/' },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment: 'Another module is reached through its index.ts (#modules/<name>).',
      from: { path: '^modules/([^/]+)/', pathNot: ['^modules/api/app\\.ts$', TESTS] },
      to: { path: '^modules/([^/]+)/.+', pathNot: ['^modules/$1/', '^modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'accounts-below-signup-and-contacts',
      severity: 'error',
      comment:
        'Sign-up and marketing contacts are built on accounts: accounts imports neither, contacts does not import the sign-up.',
      from: { path: '^modules/accounts/', pathNot: TESTS },
      to: { path: '^modules/(signup|contacts)/' },
    },
    {
      name: 'contacts-below-signup',
      severity: 'error',
      comment: 'The sign-up records marketing contacts; the contacts module knows nothing of the sign-up.',
      from: { path: '^modules/contacts/', pathNot: TESTS },
      to: { path: '^modules/signup/' },
    },
    {
      name: 'routes-only-in-the-api',
      severity: 'error',
      comment:
        'The API (modules/api/app.ts) mounts each module’s routes.ts, kept out of the module’s index so no module depends on the API.',
      from: { path: '^modules/api/app\\.ts$' },
      to: { path: '^modules/([^/]+)/.+', pathNot: ['^modules/api/', '^modules/[^/]+/(index|routes)\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.next|\\.astro|\\.data[^/]*|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    combinedDependencies: false,
  },
}
