/**
 * The subscriber's download of an invoice's FatturaPA file: the file as last
 * built for SDI, or a credit note's (the one delivered, or waiting; a rejected one only while
 * nothing newer exists). Only the caller's own invoices: any other answers
 * 404, as an unknown one does, so invoice ids of other accounts reveal nothing.
 */
import type { SignedInUser } from '../../accounts/index.ts'
import { it } from '../../i18n/index.ts'
import { AppError } from '../../platform/index.ts'
import { getBillingPool } from '../runtime.ts'

export type FatturaFile = { fileName: string; xml: string }

/** The file of one of the caller's invoices; 404 for another's, an unknown or one without a file yet. */
export async function downloadFattura(options: {
  user: SignedInUser
  invoiceId: string
}): Promise<FatturaFile> {
  const pool = await getBillingPool()
  const found = await pool.query<{ user_id: string | null; file_name: string | null; xml: string | null }>(
    `select coalesce(i.user_id, ci.user_id) as user_id, t.file_name, t.xml
       from (select $1::text as id) d
       left join billing_invoices i on i.id = d.id
       left join billing_credit_notes c on c.refund_id = d.id
       left join billing_invoices ci on ci.id = c.invoice_id
       left join lateral (select file_name, xml from billing_sdi_transmissions
                           where invoice_id = d.id and xml is not null
                           order by (state = 'rejected'), id desc limit 1) t on true
      where i.id is not null or c.refund_id is not null`,
    [options.invoiceId],
  )
  const row = found.rows[0]
  if (!row || row.user_id !== options.user.id) throw new AppError('not_found', it.invoices.errors.notFound)
  if (!row.xml || !row.file_name) throw new AppError('not_found', it.invoices.einvoice.notReady)
  return { fileName: row.file_name, xml: row.xml }
}
