/**
 * The portal's logical dump: one `repeatable read, read only` transaction
 * (one snapshot of the whole database, as pg_dump takes), the applied Payload
 * migrations (a restore rebuilds the schema with the portal's own), every
 * table's rows with COPY in text format, gzip-compressed (then encrypted when
 * asked), with their count and checksum, and the sequences' values. The
 * short-lived secrets are left out (`short-lived.ts`); no SQL is recorded.
 */
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../platform/index.ts'
import { copyColumns, listTables, qualified, quoteIdent, readSequences } from './catalog.ts'
import { Digest, LineCounter } from './files.ts'
import type { Manifest, TableEntry } from './manifest.ts'
import { encryptingStream } from './sealing.ts'
import { keptColumn, SHORT_LIVED_TABLES } from './short-lived.ts'

/** The folder of the table files inside a snapshot. */
export const DATABASE_FOLDER = 'database'

/** The applied Payload migrations, oldest first (none when the table does not exist). */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query<{ found: boolean }>(
    `select to_regclass('public.payload_migrations') is not null as found`,
  )
  if (!exists.rows[0]?.found) return []
  const result = await client.query<{ name: string }>(
    `select name from payload_migrations where batch > 0 order by id`,
  )
  return result.rows.map((row) => row.name)
}

/** The major version of the server a client is connected to. */
export async function serverMajor(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ version: number }>(
    `select current_setting('server_version_num')::int as version`,
  )
  return Math.floor(result.rows[0]!.version / 10_000)
}

/** A file name for a table's rows, unique by position. */
function tableFile(index: number, schema: string, name: string): string {
  const safe = `${schema}.${name}`.replace(/[^A-Za-z0-9_.-]/g, '_')
  return `${DATABASE_FOLDER}/${String(index).padStart(4, '0')}-${safe}.copy.gz`
}

/**
 * Dumps the database at `databaseUrl` into `dir` (the snapshot's folder):
 * the manifest's `database`. With `encryptionKey` every table file is
 * encrypted after compression.
 */
export async function dumpDatabase(options: {
  databaseUrl: string
  dir: string
  encryptionKey?: Buffer
}): Promise<Manifest['database']> {
  await mkdir(path.join(options.dir, DATABASE_FOLDER), { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read, read only')
    const major = await serverMajor(client)
    const migrations = await appliedMigrations(client)
    const tables: TableEntry[] = []
    for (const table of await listTables(client)) {
      const key = `${table.schema}.${table.name}`
      if (SHORT_LIVED_TABLES.has(key)) continue
      const columns = (await copyColumns(client, table.oid)).filter((column) => keptColumn(key, column))
      const file = tableFile(tables.length, table.schema, table.name)
      const source = client.query(
        copyTo(
          `copy ${qualified(table.schema, table.name)} (${columns.map(quoteIdent).join(', ')}) to stdout`,
        ),
      )
      const rows = new LineCounter()
      const digest = new Digest()
      await pipeline(
        source,
        rows,
        createGzip(),
        options.encryptionKey ? encryptingStream(options.encryptionKey) : new PassThrough(),
        digest,
        createWriteStream(path.join(options.dir, file), { mode: PRIVATE_FILE_MODE }),
      )
      tables.push({
        schema: table.schema,
        name: table.name,
        columns,
        rows: rows.lines,
        file,
        sha256: digest.hex(),
      })
    }
    const sequences = await readSequences(client)
    await client.query('commit')
    return { serverMajor: major, migrations, tables, sequences }
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      throw new AggregateError([error, rollbackError], 'Dump non riuscito')
    })
    throw error
  } finally {
    await client.end()
  }
}
