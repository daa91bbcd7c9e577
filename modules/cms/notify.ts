import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import type { TransactionNotify } from '../platform/index.ts'
import { drizzleOf } from './payload.ts'

/**
 * Sends NOTIFYs in the transaction of a Payload request (a hook's `req`): the
 * listeners hear them once the editor's change is committed, and never when
 * it is rolled back. Without a transaction they leave at once.
 */
export function requestNotify(req: PayloadRequest): TransactionNotify {
  return async (channel, payload) => {
    const db = drizzleOf(req.payload, await req.transactionID)
    await db.execute(sql`select pg_notify(${channel}, ${payload})`)
  }
}
