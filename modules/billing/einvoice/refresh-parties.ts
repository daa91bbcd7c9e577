/**
 * Takes the parties of an invoice whose file was never issued (rejected by
 * SDI, or refused before sending) again: the buyer as the mirror holds it now
 * (the correction made in Stripe or in Profilo › Fatturazione), the seller
 * when their data are complete. The number and date stay.
 */
import type { PoolClient } from 'pg'
import type { Seller } from '../../italian-identifiers/index.ts'

export async function refreshInvoiceParties(
  client: PoolClient,
  invoiceId: string,
  seller: Seller | null,
): Promise<void> {
  await client.query(
    `update billing_invoice_numbers n
        set buyer = coalesce(c.data, n.buyer), seller = coalesce($2::jsonb, n.seller)
       from billing_invoices i left join billing_customers c on c.id = i.customer_id
      where n.invoice_id = $1 and i.id = n.invoice_id`,
    [invoiceId, seller ? JSON.stringify(seller) : null],
  )
}
