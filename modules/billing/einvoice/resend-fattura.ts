/**
 * Resends an invoice SDI rejected (NS), once its data are corrected: a
 * rejected file was never issued, so the invoice keeps its number and date
 * and goes again with a new progressivo; the buyer is taken again as the
 * mirror holds it now (the correction made in Stripe or in Profilo ›
 * Fatturazione), the seller too when their data are complete.
 */
import { it } from '../../i18n/index.ts'
import { AppError } from '../../platform/index.ts'
import { inBillingTransaction } from '../runtime.ts'
import { currentSeller } from '../seller-settings.ts'
import { refreshInvoiceParties } from './refresh-parties.ts'

/** Queues the corrected file of a rejected invoice; 404 unknown, 409 unless its last file was rejected. */
export async function resendFattura(invoiceId: string): Promise<void> {
  const seller = await currentSeller()
  await inBillingTransaction(async (client) => {
    const last = await client.query<{ id: string; kind: string; state: string }>(
      `select id, kind, state from billing_sdi_transmissions where invoice_id = $1 order by id desc limit 1 for update`,
      [invoiceId],
    )
    const row = last.rows[0]
    if (!row) throw new AppError('not_found', it.invoices.errors.notFound)
    if (row.state !== 'rejected') throw new AppError('conflict', it.invoices.einvoice.notRejected)
    await refreshInvoiceParties(client, invoiceId, seller)
    await client.query('insert into billing_sdi_transmissions (invoice_id, kind) values ($1, $2)', [
      invoiceId,
      row.kind,
    ])
  })
}
