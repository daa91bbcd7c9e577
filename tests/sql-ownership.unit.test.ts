/**
 * A module's SQL names only its own tables (issue 20, point 1): modules talk
 * through each other's index.ts, never through each other's tables. Every
 * string of production code under modules/ is scanned for the tables it reads
 * or writes (`from`, `join`, `into`, `update`, `delete from`, `truncate`); a
 * table owned by another module is a violation. Foreign keys (`references`)
 * in a module's own schema are allowed: the database keeps the link, the code
 * reads nothing through it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const modulesDir = path.join(root, 'modules')

/** Who owns which table: a name, or a prefix ending in `_*`. */
export const tableOwners: Record<string, readonly string[]> = {
  // rate_limits: created by the accounts migration; the platform's limiter counts in it for every module.
  accounts: ['auth_*', 'profile_pictures', 'rate_limits'],
  billing: ['billing_*'],
  studio: ['studio_*'],
  ccnl: ['database_*'],
  feed: ['feed_*'],
  search: ['search_*'],
  mail: ['mail_*'],
  'site-content': ['cookie_consents'],
  support: ['captcha_solutions'],
  erasure: ['erasure_*'],
  privacy: ['privacy_exports'],
}

/** The module that owns `table`, or undefined for a table no module claims (Payload's collections). */
export function ownerOf(table: string): string | undefined {
  const name = table.toLowerCase()
  for (const [owner, patterns] of Object.entries(tableOwners)) {
    for (const pattern of patterns) {
      if (pattern.endsWith('_*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern) return owner
    }
  }
  return undefined
}

const tablePattern =
  /\b(?:from|join|into|update|truncate(?:\s+table)?|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi

/** The tables a piece of SQL reads or writes, by name. */
export function tablesNamed(sql: string): string[] {
  return [...sql.matchAll(tablePattern)].map((match) => match[1]!.toLowerCase())
}

/** The string literals of a source file (quoted and template strings). */
function stringsOf(source: string): string[] {
  return [...source.matchAll(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g)].map((m) => m[0])
}

function productionFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'fixtures' || entry.name === 'node_modules') continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) productionFiles(full, out)
    else if (entry.name.endsWith('.ts') && !/\.test\.ts$|\.d\.ts$/.test(entry.name)) out.push(full)
  }
  return out
}

/** `module/file: table (owner)` for every table of another module named by a module's SQL. */
function foreignTables(): string[] {
  const violations: string[] = []
  for (const file of productionFiles(modulesDir)) {
    const own = path.relative(modulesDir, file).split(path.sep)[0]!
    const source = readFileSync(file, 'utf8')
    const named = stringsOf(source).flatMap(tablesNamed)
    // accounts' table names held in a constant (`authTables.user`) name its tables too.
    if (own !== 'accounts' && /\bauthTables\./.test(source)) named.push('auth_users')
    for (const table of new Set(named)) {
      const owner = ownerOf(table)
      if (owner && owner !== own) violations.push(`${path.relative(root, file)}: ${table} (${owner})`)
    }
  }
  return violations.sort()
}

describe('table ownership', () => {
  it('finds the tables a query names, quoted or not', () => {
    expect(
      tablesNamed(
        'select u.email from billing_subscriptions s join "auth_users" u on u.id = s.user_id; delete from studio_links',
      ),
    ).toEqual(['billing_subscriptions', 'auth_users', 'studio_links'])
    expect(
      tablesNamed('update feed_notifications set read = true; insert into mail_outbox (id) values (1)'),
    ).toEqual(['feed_notifications', 'mail_outbox'])
  })

  it('knows the owner of every table a module creates', () => {
    const created = productionFiles(modulesDir).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /create (?:unlogged )?table (?:if not exists )?"?([a-z_]+)"?/gi,
        ),
      ].map((match) => ({ table: match[1]!, module: path.relative(modulesDir, file).split(path.sep)[0] })),
    )
    expect(created.length).toBeGreaterThan(20)
    expect(created.filter(({ table, module }) => ownerOf(table) !== module)).toEqual([])
  })

  it('lets no module name another module’s tables in its SQL', () => {
    expect(foreignTables()).toEqual([])
  })
})
