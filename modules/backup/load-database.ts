/**
 * Loads a logical dump into a database whose schema the portal's own
 * migrations have just built. Nothing of the snapshot is run as SQL: every
 * table, column and sequence it names must be one the live schema has (and
 * not a short-lived one), or the restore stops with an Italian message naming
 * it, before any row is written. Then, in one transaction, every table is
 * emptied (rows a migration may have inserted) and filled with COPY, parents
 * before children, the sequences are set, and each table's row count is
 * checked against the manifest before the commit.
 */
import { createReadStream } from 'node:fs'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { backup as strings } from '../i18n/index.ts'
import { foreignKeyOrder, listSequences, liveTables, qualified, quoteIdent } from './catalog.ts'
import { BackupError } from './errors.ts'
import type { Manifest } from './manifest.ts'
import { decryptingStream } from './sealing.ts'
import { keptColumn, SHORT_LIVED_TABLES } from './short-lived.ts'
import { snapshotFile } from './snapshot-paths.ts'

/** Refuses a table, column or sequence the live schema does not have, or one snapshots never hold. */
async function assertKnown(client: pg.Client, database: Manifest['database']): Promise<void> {
  const live = await liveTables(client)
  const seen = new Set<string>()
  for (const table of database.tables) {
    const key = `${table.schema}.${table.name}`
    if (seen.has(key)) throw new BackupError('invalid', strings.errors.repeatedTable(key))
    seen.add(key)
    if (SHORT_LIVED_TABLES.has(key)) throw new BackupError('invalid', strings.errors.notInSnapshots(key))
    const columns = live.get(key)
    if (!columns) throw new BackupError('invalid', strings.errors.unknownTable(key))
    for (const column of table.columns) {
      if (!columns.has(column)) throw new BackupError('invalid', strings.errors.unknownColumn(key, column))
      if (!keptColumn(key, column))
        throw new BackupError('invalid', strings.errors.notInSnapshots(`${key}.${column}`))
    }
  }
  const sequences = new Set((await listSequences(client)).map(({ schema, name }) => `${schema}.${name}`))
  for (const sequence of database.sequences) {
    const key = `${sequence.schema}.${sequence.name}`
    if (!sequences.has(key)) throw new BackupError('invalid', strings.errors.unknownSequence(key))
  }
}

/**
 * Loads the tables and sequences of `database` (files under the snapshot
 * folder `dir`, decrypted with `encryptionKey` when the snapshot is encrypted)
 * into the database at `databaseUrl`.
 */
export async function loadDatabase(options: {
  databaseUrl: string
  dir: string
  database: Manifest['database']
  encryptionKey?: Buffer
}): Promise<void> {
  const { database } = options
  const client = new pg.Client({ connectionString: options.databaseUrl })
  await client.connect()
  try {
    await assertKnown(client, database)
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
      // Cascade: the short-lived tables left out of the snapshot (sessions) reference some of these;
      // the target was empty before its migrations, so they hold nothing to lose.
      await client.query(
        `truncate table ${database.tables.map((table) => qualified(table.schema, table.name)).join(', ')} cascade`,
      )
    }
    for (const key of order) {
      const table = byKey.get(key)!
      const columns = table.columns.map(quoteIdent).join(', ')
      // The file's checksum was checked against the signed manifest: the same key decrypts it.
      const file = await snapshotFile(options.dir, table.file)
      const sink = client.query(
        copyFrom(`copy ${qualified(table.schema, table.name)} (${columns}) from stdin`),
      )
      await pipeline(
        createReadStream(file),
        options.encryptionKey ? decryptingStream(options.encryptionKey) : new PassThrough(),
        createGunzip(),
        sink,
      )
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
