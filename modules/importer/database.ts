import { randomUUID } from 'node:crypto'
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { CollectionSlug, Payload, PayloadRequest, RequestContext } from 'payload'

/**
 * The Drizzle handle of Payload's Postgres adapter (a transaction or a savepoint inside one).
 * The adapter's declarations, imported here, also type `payload.db` (drizzle, tables, sessions).
 */
export type Tx = Parameters<Parameters<PostgresAdapter['drizzle']['transaction']>[0]>[0]

// Drizzle's table and column types are generic over the generated schema;
// the importer addresses tables by collection slug, so it works with the loose shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTable = any

/** Context flag read by the collection hooks (see cms/hooks/context.ts). */
export const IMPORT_CONTEXT: RequestContext = { importing: true }

/** The Drizzle table of a collection (`contract-texts` -> `contract_texts`). */
export function tableOf(payload: Payload, collection: CollectionSlug): AnyTable {
  const name = collection.replace(/-/g, '_')
  const table = payload.db.tables[name]
  if (!table) throw new Error(`Tabella ${name} non trovata: le migrazioni sono state applicate?`)
  return table
}

/** Runs `work` in a transaction, or in a savepoint when a transaction is given. */
export function transaction<T>(payload: Payload, work: (tx: Tx) => Promise<T>, parent?: Tx): Promise<T> {
  return parent ? parent.transaction(work) : payload.db.drizzle.transaction(work)
}

/**
 * Runs Payload local API calls inside a Drizzle transaction (or savepoint):
 * the handle is registered as a Payload session, so hooks and nested queries
 * share it. A failing call rolls back only this savepoint.
 */
export async function withLocalApi<T>(
  payload: Payload,
  tx: Tx,
  work: (req: Partial<PayloadRequest>) => Promise<T>,
): Promise<T> {
  return tx.transaction(async (savepoint) => {
    const sessions = (payload.db.sessions ??= {})
    const id = randomUUID()
    // Payload commits or rolls back only sessions it opened; this one belongs to the importer.
    sessions[id] = { db: savepoint, reject: async () => {}, resolve: async () => {} }
    try {
      return await work({ transactionID: id })
    } finally {
      delete sessions[id]
    }
  })
}

class DryRunRollback extends Error {}

/**
 * Runs `work` for real, or, for a dry run, inside one transaction rolled back
 * at the end: the run checks and reports everything and stores nothing.
 */
export async function runOrRehearse(
  payload: Payload,
  dryRun: boolean,
  work: (parent?: Tx) => Promise<void>,
): Promise<void> {
  if (!dryRun) return work()
  try {
    await transaction(payload, async (outer) => {
      await work(outer)
      throw new DryRunRollback()
    })
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error
  }
}
