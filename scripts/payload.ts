/**
 * `npm run payload -- <command>`: Payload's CLI (migrate:create, migrate:status,
 * generate:types, ...) against the portal's database, starting the embedded
 * Postgres first when DATABASE_URL is unset.
 */
import { spawn } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startConfiguredPostgres } from '../modules/platform/index.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const postgres = await startConfiguredPostgres()

const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/payload/bin.js'), ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PAYLOAD_CONFIG_PATH: path.join(root, 'payload.config.ts'),
        // The nodemailer adapter and the S3 storage are 3.90.1, pinned to Payload 3.90.2 by package.json's overrides.
        PAYLOAD_DISABLE_DEPENDENCY_CHECKER: 'true',
      },
    },
  )
  child.once('exit', (exitCode) => resolve(exitCode ?? 1))
})
await postgres?.stop()
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
