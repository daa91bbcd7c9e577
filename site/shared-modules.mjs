/**
 * The site's server code imports the domain modules (modules/<name>/index.ts)
 * as `#modules/<name>` (package.json "imports") and leaves them outside its
 * bundle: Node loads each module once, and the server entry, the pages and
 * the API share that one instance. Browser bundles still include what an
 * island imports.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules') + path.sep
const moduleIndex = /^([a-z][a-z0-9-]*)[\\/]index\.ts$/

/** The `#modules/<name>` specifier of an import that resolves to a module's index, if it does. */
function sharedModule(source, importer) {
  if (source.startsWith('#modules/')) return source
  if (!importer || !source.startsWith('.')) return undefined
  const resolved = path.resolve(path.dirname(importer.split('?')[0]), source)
  if (!resolved.startsWith(modulesDir)) return undefined
  const match = moduleIndex.exec(resolved.slice(modulesDir.length))
  return match ? `#modules/${match[1]}` : undefined
}

/** A Vite plugin: in the server build, imports of a domain module stay imports of `#modules/<name>`. */
export function sharedModules() {
  return {
    name: 'bancadati:shared-modules',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    resolveId(source, importer) {
      const shared = sharedModule(source, importer)
      return shared ? { id: shared, external: true } : null
    },
  }
}
