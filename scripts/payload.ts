/**
 * `npm run payload -- <command>`: Payload's CLI (migrate:create, migrate:status,
 * generate:types, ...) against the portal's database: DATABASE_URL, or the
 * embedded Postgres of DATA_DIR, the running portal's or started for the
 * command (its port handed to the CLI as EMBEDDED_PG_PORT).
 */
import { spawn } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { commandDatabase, commandEnv } from './embedded-database.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = await commandEnv()
if (env === 78) process.exit(78)
const postgres = await commandDatabase(env)

const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/payload/bin.js'), ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PAYLOAD_CONFIG_PATH: path.join(root, 'payload.config.ts') },
    },
  )
  child.once('exit', (exitCode) => resolve(exitCode ?? 1))
})
await postgres.stop()
if (process.argv[2] === 'migrate:create') await normalizeMigrations()
process.exit(code)

/**
 * Payload writes migrations for a bundler; the server runs them with Node's own
 * TypeScript support, which needs `.ts` import paths and type-only imports marked.
 */
async function normalizeMigrations(): Promise<void> {
  const dir = path.join(root, 'cms/migrations')
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.ts')) continue
    const file = path.join(dir, name)
    const source = await readFile(file, 'utf8')
    const fixed = source
      .replace(/from '(\.\/[^']+)\.js'/g, "from '$1.ts'")
      .replace(
        /import \{ MigrateUpArgs, MigrateDownArgs, sql \} from '@payloadcms\/db-postgres'/,
        "import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'",
      )
    if (fixed !== source) await writeFile(file, fixed)
  }
}
