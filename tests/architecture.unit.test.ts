/**
 * Module boundaries: code outside a module imports only its index.ts; modules
 * never import a web framework; only the env module reads process.env;
 * production code never imports the test tools of dev/.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const skipped = new Set(['node_modules', 'dist', '.next', '.astro', '.git', 'test-results', 'fixtures'])

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.data')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) sourceFiles(full, out)
    else if (/\.(ts|tsx|mts|mjs|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? '')
}

const files = ['modules', 'dev', 'site', 'cms', 'scripts', 'tests', 'e2e']
  .flatMap((dir) => {
    try {
      return sourceFiles(path.join(root, dir))
    } catch {
      return []
    }
  })
  .concat([path.join(root, 'payload.config.ts')])

const moduleOf = (file: string): string | undefined => {
  const relative = path.relative(path.join(root, 'modules'), file)
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0]
}

describe('module boundaries', () => {
  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(10)
  })

  it('imports another module only through its index.ts (the API mounts each module’s routes.ts)', () => {
    const apiApp = path.join(root, 'modules/api/app.ts')
    const violations: string[] = []
    for (const file of files) {
      const own = moduleOf(file)
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue
        const target = path.resolve(path.dirname(file), specifier)
        const targetModule = moduleOf(target)
        if (!targetModule || targetModule === own) continue
        const index = path.join(root, 'modules', targetModule, 'index.ts')
        const routes = path.join(root, 'modules', targetModule, 'routes.ts')
        if (target !== index && !(file === apiApp && target === routes))
          violations.push(`${path.relative(root, file)} -> ${specifier}`)
      }
    }
    expect(violations).toEqual([])
  })

  it('keeps web frameworks out of modules/', () => {
    const banned =
      /^(astro|astro:.*|@astrojs\/.*|next|next\/.*|@payloadcms\/next.*|react|react-dom|react\/.*|react-dom\/.*)$/
    const violations = files
      .filter((file) => moduleOf(file) !== undefined)
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => banned.test(specifier))
          .map((s) => `${path.relative(root, file)} -> ${s}`),
      )
    expect(violations).toEqual([])
  })

  it('reads process.env only in the env module', () => {
    const allowed = new Set(['modules/platform/env.ts'])
    const reads = /process\.env(?:\.[A-Za-z_]+|\[)(?!\s*(?:=[^=]|\?\?=))/
    const violations = files
      .filter(
        (file) =>
          /^(modules|site|cms)\//.test(path.relative(root, file)) || file.endsWith('payload.config.ts'),
      )
      .filter((file) => !/\.test\.ts$/.test(file))
      .filter((file) => !allowed.has(path.relative(root, file)))
      .filter((file) => reads.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
    expect(violations).toEqual([])
  })

  it('keeps dev/ out of production code (modules/, site/, cms/, payload.config.ts)', () => {
    const devDir = path.join(root, 'dev')
    const violations = files
      .filter(
        (file) =>
          /^(modules|site|cms)\//.test(path.relative(root, file)) || file.endsWith('payload.config.ts'),
      )
      .filter((file) => !/\.test\.ts$/.test(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((specifier) => specifier.startsWith('.'))
          .filter((specifier) => {
            const target = path.resolve(path.dirname(file), specifier)
            return target === devDir || target.startsWith(`${devDir}${path.sep}`)
          })
          .map((specifier) => `${path.relative(root, file)} -> ${specifier}`),
      )
    expect(violations).toEqual([])
  })

  it('lets the server load dev/ only dynamically, in embedded or emulator mode', () => {
    const lines = readFileSync(path.join(root, 'scripts/server.ts'), 'utf8').split('\n')
    const devLines = lines.filter((line) => /['"]\.\.\/dev\//.test(line))
    expect(devLines.length).toBeGreaterThan(0)
    const violations = devLines.filter(
      (line) =>
        !/^import type \{[^}]*\} from '\.\.\/dev\//.test(line) &&
        !/env\.embedded \|\| env\.stripeEmulator \? await import\('\.\.\/dev\//.test(line),
    )
    expect(violations).toEqual([])
  })
})

describe('Payload’s database adapter', () => {
  it('is reached through poolOf (modules/cms), never by casting it, in product code and tests alike', () => {
    const withFixtures = ['tests', 'modules', 'cms'].flatMap((dir) =>
      sourceFiles(path.join(root, dir)).concat(
        // sourceFiles skips fixtures/ folders: their runners reach the pool too.
        readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((entry) => /(^|\/)fixtures\/[^/]+\.ts$/.test(entry) && !entry.includes('node_modules'))
          .map((entry) => path.join(root, dir, entry)),
      ),
    )
    const cast = /\.db\s+as\s+(unknown\s+as\s+)?(\{|PostgresAdapter)|as\s+unknown\s+as\s+\{\s*pool\b/
    const violations = [...new Set([...files, ...withFixtures])]
      .filter((file) => cast.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
    expect(violations).toEqual([])
  })
})

describe('the import graph (dependency-cruiser, .dependency-cruiser.cjs)', () => {
  it('has no cycle, keeps the domain below the site, the CMS and the scripts, and dev/ out of production', () => {
    const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')
    const result = spawnSync(
      process.execPath,
      [
        depcruise,
        'modules',
        'site',
        'cms',
        'scripts',
        'dev',
        'payload.config.ts',
        '--config',
        '.dependency-cruiser.cjs',
      ],
      { cwd: root, encoding: 'utf8' },
    )
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0)
  }, 120_000)
})

describe('the import graph with type-only imports counted (issue 33)', () => {
  it('counts type-only imports in the cycle rule: the rule has no exception for them', () => {
    const config = readFileSync(path.join(root, '.dependency-cruiser.cjs'), 'utf8')
    const rule = config.slice(
      config.indexOf("name: 'no-circular'"),
      config.indexOf("name: 'domain-without-framework'"),
    )
    expect(rule).toMatch(/to: \{ circular: true \}/)
    expect(rule).not.toMatch(/viaOnly|type-only/)
    expect(config).toMatch(/tsPreCompilationDeps: true/)
  })

  it('keeps each module’s routes.ts out of its index, types included: the API exports the client types', () => {
    const indexes = readdirSync(path.join(root, 'modules'))
      .map((name) => `modules/${name}/index.ts`)
      .filter((file) => {
        try {
          return /from '\.\/routes\.ts'/.test(readFileSync(path.join(root, file), 'utf8'))
        } catch {
          return false
        }
      })
    expect(indexes).toEqual([])
  })
})
