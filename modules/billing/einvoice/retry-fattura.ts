/**
 * Puts back in the queue the electronic files of an invoice that were
 * flagged `invalid` (data that break the format's rules: a country that is
 * not an ISO code, an Italian CAP of four digits…), once operators corrected
 * the data (the buyer in Stripe or Profilo › Fatturazione, the seller in
 * 'Dati del venditore'). No file was issued, so the invoice and its credit
 * notes keep their numbers and dates; the buyer is taken again as the mirror
 * holds it now, the seller too when their data are complete.
 */
import { it } from '../../i18n/index.ts'
import { AppError } from '../../platform/index.ts'
import { inBillingTransaction } from '../runtime.ts'
import { currentSeller } from '../seller-settings.ts'
import { refreshInvoiceParties } from './refresh-parties.ts'

/** Requeues the invoice's `invalid` files and its credit notes'; 409 when none is flagged. */
export async function retryFattura(invoiceId: string): Promise<{ requeued: number }> {
  const seller = await currentSeller()
  return inBillingTransaction(async (client) => {
    const flagged = await client.query<{ id: string }>(
      `select id from billing_sdi_transmissions
        where state = 'invalid'
          and (invoice_id = $1 or invoice_id in (select refund_id from billing_credit_notes where invoice_id = $1))
        for update`,
      [invoiceId],
    )
    if (flagged.rows.length === 0) throw new AppError('conflict', it.invoices.einvoice.notInvalid)
    await refreshInvoiceParties(client, invoiceId, seller)
    await client.query(
      `update billing_sdi_transmissions
          set state = 'pending', attempts = 0, last_error = null, next_attempt_at = now()
        where id = any($1::bigint[])`,
      [flagged.rows.map((row) => row.id)],
    )
    return { requeued: flagged.rows.length }
  })
}
