/** The signed-in account's invoices and credit notes, as the mirror holds them (newest first). */
import { listCreditNotes } from './credit-notes.ts'
import { formatInvoiceNumber } from './invoice-number.ts'
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
  hosted_invoice_url: string | null
  invoice_year: number | null
  invoice_number: number | null
  has_xml: boolean
}

/**
 * One invoice of `GET stripe/invoices` (§3: number, periodStart, invoicePdf, amountDue, paid).
 * A paid invoice has the portal's number ('123/2026') and its PDF; an unpaid one Stripe's number and no PDF.
 */
export type AccountInvoice = {
  id: string
  number: string | null
  /** Stripe's own number of the invoice. */
  stripeNumber: string | null
  status: string | null
  created: string | null
  periodStart: string | null
  periodEnd: string | null
  amountDue: number
  amountPaid: number
  total: number
  paid: boolean
  invoicePdf: string | null
  /** The electronic invoice (FatturaPA XML), once its file is built. */
  invoiceXml: string | null
  hostedInvoiceUrl: string | null
  /** A credit note of a refund (amounts negative): the number of the invoice it corrects; null for an invoice. */
  creditNoteOf: string | null
}

/** The account's issued invoices (drafts and voided ones are not shown). */
export async function listInvoices(userId: string): Promise<AccountInvoice[]> {
  const pool = await getBillingPool()
  const result = await pool.query<InvoiceRow>(
    `select i.id, i.number, i.status, i.created_at, i.period_start, i.period_end, i.amount_due, i.amount_paid,
            i.total, i.hosted_invoice_url, n.year as invoice_year, n.number as invoice_number,
            exists (select 1 from billing_sdi_transmissions t where t.invoice_id = i.id and t.xml is not null)
              as has_xml
       from billing_invoices i left join billing_invoice_numbers n on n.invoice_id = i.id
      where i.user_id = $1 and i.status in ('open', 'paid', 'uncollectible')
      order by i.created_at desc limit 200`,
    [userId],
  )
  const invoices = result.rows.map((row): AccountInvoice => ({
    id: row.id,
    number:
      row.invoice_year != null && row.invoice_number != null
        ? formatInvoiceNumber({ year: row.invoice_year, number: row.invoice_number })
        : row.number,
    stripeNumber: row.number,
    status: row.status,
    created: row.created_at?.toISOString() ?? null,
    periodStart: row.period_start?.toISOString() ?? null,
    periodEnd: row.period_end?.toISOString() ?? null,
    amountDue: row.amount_due,
    amountPaid: row.amount_paid,
    total: row.total,
    paid: row.status === 'paid',
    invoicePdf:
      row.invoice_number != null ? `/api/v1/stripe/invoices/${encodeURIComponent(row.id)}/pdf` : null,
    invoiceXml: row.has_xml ? `/api/v1/stripe/invoices/${encodeURIComponent(row.id)}/xml` : null,
    hostedInvoiceUrl: row.hosted_invoice_url,
    creditNoteOf: null,
  }))
  const creditNotes = (await listCreditNotes(userId)).map((note): AccountInvoice => ({
    id: note.id,
    number: note.number,
    stripeNumber: null,
    status: 'paid',
    created: note.created,
    periodStart: null,
    periodEnd: null,
    amountDue: 0,
    amountPaid: -note.amount,
    total: -note.amount,
    paid: true,
    invoicePdf: note.pdf,
    invoiceXml: note.xml,
    hostedInvoiceUrl: null,
    creditNoteOf: note.invoiceNumber,
  }))
  const date = (entry: AccountInvoice) => entry.created ?? ''
  return [...invoices, ...creditNotes].sort((a, b) => date(b).localeCompare(date(a)))
}
