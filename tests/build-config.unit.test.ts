/**
 * Nothing in the build reads or rewrites the code of installed packages: the
 * site's Vite plugins only resolve the domain modules (site/shared-modules.mjs),
 * and no plugin transforms code.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildFiles = [
  'astro.config.mjs',
  ...readdirSync(path.join(root, 'site'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => path.join('site', file)),
]

describe('the build', () => {
  it('changes no installed package: no transform hook, no path into a package’s dist', () => {
    for (const file of buildFiles) {
      const text = readFileSync(path.join(root, file), 'utf8')
      expect(text, file).not.toMatch(/\btransform\s*[(:]/)
      expect(text, file).not.toMatch(/node_modules|\/dist\/|@astrojs\/react\/|astro\/dist/)
    }
  })

  it('uses Astro’s own route caching for pages', () => {
    const config = readFileSync(path.join(root, 'astro.config.mjs'), 'utf8')
    expect(config).toMatch(/cache:\s*\{\s*provider:/)
    expect(buildFiles).not.toContain(path.join('site', 'build-plugins.mjs'))
  })
})

describe('the server bundle', () => {
  it('relocates `import.meta.url` in the project’s own files only, never in an installed package', async () => {
    const { ownLocation } = await import('../scripts/bundle-server.ts')
    type OnLoad = (args: { path: string }) => Promise<{ contents: string } | undefined>
    let onLoad: OnLoad | undefined
    ownLocation(root, path.join(root, 'dist/app')).setup({
      onLoad: (_options: unknown, callback: OnLoad) => (onLoad = callback),
    } as never)
    const payload = path.join(root, 'node_modules/payload/dist/index.js')
    expect(readFileSync(payload, 'utf8')).toContain('import.meta.url')
    expect(await onLoad?.({ path: payload })).toBeUndefined()
    const own = await onLoad?.({ path: path.join(root, 'dev/seed/istat.ts') })
    expect(own?.contents).toContain('new URL("../../dev/seed/istat.ts", import.meta.url).href')
    expect(own?.contents).not.toMatch(/(?<!new URL\("[^"]*", )import\.meta\.url\)/)
  })
})
