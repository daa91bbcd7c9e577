/** The signed-in account's invoices, as the mirror holds them (newest first). */
import { getBillingPool } from './runtime.ts'

type InvoiceRow = {
  id: string
  number: string | null
  status: string | null
  created_at: Date | null
  period_start: Date | null
  period_end: Date | null
  amount_due: number
  amount_paid: number
  total: number
  invoice_pdf: string | null
  hosted_invoice_url: string | null
}

/** One invoice of `GET stripe/invoices` (§3: number, periodStart, invoicePdf, amountDue, paid). */
export type AccountInvoice = {
  id: string
  number: string | null
  status: string | null
  created: string | null
  periodStart: string | null
  periodEnd: string | null
  amountDue: number
  amountPaid: number
  total: number
  paid: boolean
  invoicePdf: string | null
  hostedInvoiceUrl: string | null
}

/** The account's issued invoices (drafts and voided ones are not shown). */
export async function listInvoices(userId: string): Promise<AccountInvoice[]> {
  const pool = await getBillingPool()
  const result = await pool.query<InvoiceRow>(
    `select id, number, status, created_at, period_start, period_end, amount_due, amount_paid, total, invoice_pdf,
            hosted_invoice_url
       from billing_invoices where user_id = $1 and status in ('open', 'paid', 'uncollectible')
      order by created_at desc limit 200`,
    [userId],
  )
  return result.rows.map((row) => ({
    id: row.id,
    number: row.number,
    status: row.status,
    created: row.created_at?.toISOString() ?? null,
    periodStart: row.period_start?.toISOString() ?? null,
    periodEnd: row.period_end?.toISOString() ?? null,
    amountDue: row.amount_due,
    amountPaid: row.amount_paid,
    total: row.total,
    paid: row.status === 'paid',
    invoicePdf: row.invoice_pdf,
    hostedInvoiceUrl: row.hosted_invoice_url,
  }))
}
