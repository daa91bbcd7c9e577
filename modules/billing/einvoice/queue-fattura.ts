/**
 * Puts a newly numbered invoice in the queue for SDI, in the transaction that
 * numbers it: the file is built and sent by the job (`send-fatture.ts`), so a
 * crash after the payment never loses it. Once per invoice: a repeated
 * delivery of the payment, or the reconciliation, queues nothing more.
 */
import type { PoolClient } from 'pg'

/** TD01 fattura, TD04 nota di credito: the kind of the file queued, then built. */
export type FatturaKind = 'TD01' | 'TD04'

/** Queues the invoice's electronic file unless it already has one (sent, waiting or rejected). */
export async function queueFattura(
  client: PoolClient,
  invoiceId: string,
  kind: FatturaKind = 'TD01',
): Promise<boolean> {
  const queued = await client.query(
    `insert into billing_sdi_transmissions (invoice_id, kind)
     select $1, $2
      where exists (select 1 from billing_invoice_numbers where invoice_id = $1)
        and not exists (select 1 from billing_sdi_transmissions where invoice_id = $1)`,
    [invoiceId, kind],
  )
  return (queued.rowCount ?? 0) > 0
}
