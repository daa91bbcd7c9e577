/**
 * Loads a logical dump into a database whose schema the same migrations have
 * just built: tables the migrations do not create are made from their
 * recorded definition, then, in one transaction, every table is emptied (rows
 * a migration may have inserted) and filled with COPY, parents before
 * children, the sequences are set, and each table's row count is checked
 * against the manifest before the commit.
 */
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { backup as strings } from '../i18n/index.ts'
import { foreignKeyOrder, qualified, quoteIdent } from './catalog.ts'
import { BackupError } from './errors.ts'
import type { Manifest, TableEntry } from './manifest.ts'

/** Loads the tables and sequences of `database` (files under `dir`) into the database at `databaseUrl`. */
export async function loadDatabase(options: {
  databaseUrl: string
  dir: string
  database: Manifest['database']
}): Promise<void> {
  const { database } = options
  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  try {
    await createMissingTables(client, database.tables)
    const byKey = new Map(database.tables.map((table) => [`${table.schema}.${table.name}`, table]))
    const order = await foreignKeyOrder(client, [...byKey.keys()])
    await client.query('begin')
    // Triggers and foreign keys off while loading, where the role may (a superuser's): rows of
    // tables that reference each other in a cycle load in any order. Otherwise parents come first.
    await client.query('savepoint replica')
    await client.query(`set local session_replication_role = replica`).then(
      () => client.query('release savepoint replica'),
      async (error: { code?: string }) => {
        if (error.code !== '42501') throw error
        await client.query('rollback to savepoint replica')
      },
    )
    if (database.tables.length > 0) {
      await client.query(
        `truncate table ${database.tables.map((table) => qualified(table.schema, table.name)).join(', ')}`,
      )
    }
    for (const key of order) {
      const table = byKey.get(key)!
      const columns = table.columns.map(quoteIdent).join(', ')
      const sink = client.query(
        copyFrom(`copy ${qualified(table.schema, table.name)} (${columns}) from stdin`),
      )
      await pipeline(createReadStream(path.join(options.dir, table.file)), createGunzip(), sink)
    }
    for (const sequence of database.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        qualified(sequence.schema, sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ])
    }
    for (const table of database.tables) {
      const result = await client.query<{ rows: string }>(
        `select count(*)::text as rows from ${qualified(table.schema, table.name)}`,
      )
      const found = Number(result.rows[0]?.rows ?? 0)
      if (found !== table.rows) {
        throw new BackupError(
          'failed',
          strings.errors.rowCount(`${table.schema}.${table.name}`, table.rows, found),
        )
      }
    }
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      throw new AggregateError([error, rollbackError], 'Ripristino non riuscito')
    })
    throw error
  } finally {
    await client.end()
  }
}

/** Creates the tables the migrations did not (made at run time by a service), then their foreign keys. */
async function createMissingTables(client: pg.Client, tables: TableEntry[]): Promise<void> {
  const missing: TableEntry[] = []
  for (const table of tables) {
    const found = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
      qualified(table.schema, table.name),
    ])
    if (!found.rows[0]?.found) missing.push(table)
  }
  for (const table of missing) {
    await client.query(`create schema if not exists ${quoteIdent(table.schema)}`)
    await client.query(table.ddl)
  }
  for (const table of missing) {
    for (const foreignKey of table.foreignKeys) await client.query(foreignKey)
  }
}
