/**
 * Credit notes (note di credito, TD04) of refunds. A refund of a paid,
 * numbered invoice is recorded once, keyed by Stripe's refund id, in the
 * transaction of the `charge.refunded` webhook: it takes the next number of
 * the same yearly series as the invoices (the counter row is locked, so
 * numbers never repeat or skip), keeps the original invoice's seller, buyer
 * and card, splits the VAT back out of the refunded gross at 22 %, and queues
 * its electronic file for SDI (TD04, DatiFattureCollegate = the invoice's
 * number and date). The number's row in `billing_invoice_numbers` has the
 * refund id as its key, so the SDI transmissions and the series treat invoices
 * and credit notes alike.
 */
import type { PoolClient } from 'pg'
import type Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import type { RelatedInvoice } from './einvoice/build-fattura.ts'
import { queueFattura } from './einvoice/queue-fattura.ts'
import { issuedDocument } from './invoice-download.ts'
import { formatInvoiceNumber, type InvoiceNumber } from './invoice-number.ts'
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts'
import { getBillingPool } from './runtime.ts'

/** The VAT rate of the portal's subscriptions, split back out of a refunded gross amount. */
export const CREDIT_NOTE_VAT_RATE = 22

/** The credit notes, applied by the migration `20261127_044000_credit_notes`. */
export const creditNotesSchema = {
  up: /* sql */ `
create table if not exists billing_credit_notes (
  refund_id text primary key references billing_invoice_numbers (invoice_id),
  invoice_id text not null references billing_invoice_numbers (invoice_id),
  charge_id text,
  amount integer not null check (amount > 0),
  taxable integer not null,
  vat integer not null,
  vat_rate numeric not null,
  reason text,
  created_at timestamptz not null default now()
);
create index if not exists billing_credit_notes_invoice_idx on billing_credit_notes (invoice_id);
`,
  down: /* sql */ `drop table if exists billing_credit_notes;`,
}

/** A gross amount (cents, VAT included) as taxable and VAT at the rate. */
export function splitGross(gross: number, rate = CREDIT_NOTE_VAT_RATE): { taxable: number; vat: number } {
  const taxable = Math.round((gross * 100) / (100 + rate))
  return { taxable, vat: gross - taxable }
}

export type CreditNote = InvoiceNumber & { refundId: string; invoiceId: string; amount: number }

/**
 * Records the credit note of a refund of `invoiceId` in the caller's
 * transaction and queues its file for SDI; the one already recorded on a
 * repeated delivery. Null for a refund not succeeded, or of an invoice that
 * has no number (nothing was invoiced, nothing to correct).
 */
export async function recordCreditNote(
  client: PoolClient,
  refund: Pick<Stripe.Refund, 'id' | 'amount' | 'status' | 'created' | 'reason' | 'metadata'> & {
    charge: string | { id: string } | null
  },
  invoiceId: string,
): Promise<CreditNote | null> {
  if (refund.status !== 'succeeded' || refund.amount <= 0) return null
  const original = await client.query(
    `select 1 from billing_invoice_numbers n join billing_invoices i on i.id = n.invoice_id
      where n.invoice_id = $1`,
    [invoiceId],
  )
  if (original.rowCount === 0) return null
  const issuedAt = new Date(refund.created * 1000)
  const year = await client.query<{ year: number }>(
    `select extract(year from $1::timestamptz at time zone 'Europe/Rome')::integer as year`,
    [issuedAt],
  )
  const series = year.rows[0]?.year ?? issuedAt.getUTCFullYear()
  await client.query(
    'insert into billing_invoice_counters (year, last_number) values ($1, 0) on conflict (year) do nothing',
    [series],
  )
  // The same lock as the invoices' numbers: one series, one number at a time.
  await client.query('select last_number from billing_invoice_counters where year = $1 for update', [series])
  const existing = await client.query<{ year: number; number: number; issued_at: Date; amount: number }>(
    `select n.year, n.number, n.issued_at, c.amount
       from billing_credit_notes c join billing_invoice_numbers n on n.invoice_id = c.refund_id
      where c.refund_id = $1`,
    [refund.id],
  )
  const known = existing.rows[0]
  if (known)
    return {
      refundId: refund.id,
      invoiceId,
      amount: known.amount,
      year: known.year,
      number: known.number,
      issuedAt: known.issued_at,
    }
  const next = await client.query<{ last_number: number }>(
    'update billing_invoice_counters set last_number = last_number + 1 where year = $1 returning last_number',
    [series],
  )
  const number = next.rows[0]?.last_number ?? 0
  // The parties and the card as the original invoice keeps them.
  await client.query(
    `insert into billing_invoice_numbers (invoice_id, year, number, issued_at, seller, buyer, card)
     select $1, $3, $4, $5, n.seller, n.buyer, n.card from billing_invoice_numbers n where n.invoice_id = $2`,
    [refund.id, invoiceId, series, number, issuedAt],
  )
  const { taxable, vat } = splitGross(refund.amount)
  const chargeId = typeof refund.charge === 'string' ? refund.charge : (refund.charge?.id ?? null)
  await client.query(
    `insert into billing_credit_notes
       (refund_id, invoice_id, charge_id, amount, taxable, vat, vat_rate, reason, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      refund.id,
      invoiceId,
      chargeId,
      refund.amount,
      taxable,
      vat,
      CREDIT_NOTE_VAT_RATE,
      refund.metadata?.motivo ?? refund.reason ?? null,
      issuedAt,
    ],
  )
  await queueFattura(client, refund.id, 'TD04')
  return { refundId: refund.id, invoiceId, amount: refund.amount, year: series, number, issuedAt }
}

type CreditNoteRow = {
  refund_id: string
  invoice_id: string
  user_id: string | null
  amount: number
  taxable: number
  vat: number
  vat_rate: string
  year: number
  number: number
  issued_at: Date
}

async function creditNoteRow(refundId: string): Promise<CreditNoteRow | null> {
  const pool = await getBillingPool()
  const found = await pool.query<CreditNoteRow>(
    `select c.refund_id, c.invoice_id, i.user_id, c.amount, c.taxable, c.vat, c.vat_rate,
            n.year, n.number, n.issued_at
       from billing_credit_notes c join billing_invoice_numbers n on n.invoice_id = c.refund_id
       left join billing_invoices i on i.id = c.invoice_id
      where c.refund_id = $1`,
    [refundId],
  )
  return found.rows[0] ?? null
}

/** Whether a document of the series is a credit note (its key is a refund id). */
export async function isCreditNote(id: string): Promise<boolean> {
  return (await creditNoteRow(id)) != null
}

/**
 * What a credit note says, the PDF's and the electronic file's source: the
 * original invoice's parties, one line for the refunded amount, and the
 * invoice it corrects. 404 for an unknown one.
 */
export async function creditNoteDocument(
  refundId: string,
): Promise<{ document: InvoiceDocument; related: RelatedInvoice }> {
  const row = await creditNoteRow(refundId)
  if (!row) throw new AppError('not_found', it.invoices.errors.notFound)
  const invoice = await issuedDocument(row.invoice_id)
  const related: RelatedInvoice = {
    number: formatInvoiceNumber(invoice.number),
    date: invoice.number.issuedAt,
  }
  const rate = Number(row.vat_rate)
  const document: InvoiceDocument = {
    number: { year: row.year, number: row.number, issuedAt: row.issued_at },
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: [
      {
        description: it.invoices.creditNote.line(related.number),
        periodStart: null,
        periodEnd: null,
        quantity: 1,
        amount: row.amount,
      },
    ],
    taxIncluded: true,
    subtotal: row.amount,
    discount: 0,
    taxable: row.taxable,
    taxes: [{ percentage: rate, amount: row.vat }],
    total: row.amount,
    card: invoice.card,
    stripe: { id: row.refund_id, number: null },
    creditNote: { invoiceNumber: related.number, invoiceDate: related.date },
  }
  return { document, related }
}

/** 'nota-di-credito-2026-000124.pdf'. */
export function creditNoteFileName(value: Pick<InvoiceNumber, 'year' | 'number'>): string {
  return `nota-di-credito-${value.year}-${String(value.number).padStart(6, '0')}.pdf`
}

/** The PDF of one of the caller's credit notes; 404 for another account's or an unknown one. */
export async function downloadCreditNotePdf(options: {
  user: SignedInUser
  refundId: string
}): Promise<{ fileName: string; pdf: Uint8Array<ArrayBuffer> }> {
  const row = await creditNoteRow(options.refundId)
  if (!row || row.user_id !== options.user.id) throw new AppError('not_found', it.invoices.errors.notFound)
  const { document } = await creditNoteDocument(options.refundId)
  return { fileName: creditNoteFileName(document.number), pdf: await renderInvoicePdf(document) }
}

/** One of the account's credit notes in the invoices' list. */
export type AccountCreditNote = {
  id: string
  number: string
  invoiceId: string
  invoiceNumber: string
  created: string
  amount: number
  pdf: string
  xml: string | null
}

/** The account's credit notes, newest first. */
export async function listCreditNotes(userId: string): Promise<AccountCreditNote[]> {
  const pool = await getBillingPool()
  const result = await pool.query<{
    refund_id: string
    invoice_id: string
    amount: number
    year: number
    number: number
    issued_at: Date
    invoice_year: number
    invoice_number: number
    has_xml: boolean
  }>(
    `select c.refund_id, c.invoice_id, c.amount, n.year, n.number, n.issued_at,
            o.year as invoice_year, o.number as invoice_number,
            exists (select 1 from billing_sdi_transmissions t where t.invoice_id = c.refund_id and t.xml is not null)
              as has_xml
       from billing_credit_notes c
       join billing_invoice_numbers n on n.invoice_id = c.refund_id
       join billing_invoice_numbers o on o.invoice_id = c.invoice_id
       join billing_invoices i on i.id = c.invoice_id
      where i.user_id = $1
      order by n.issued_at desc, n.number desc limit 200`,
    [userId],
  )
  return result.rows.map((row) => ({
    id: row.refund_id,
    number: formatInvoiceNumber(row),
    invoiceId: row.invoice_id,
    invoiceNumber: formatInvoiceNumber({ year: row.invoice_year, number: row.invoice_number }),
    created: row.issued_at.toISOString(),
    amount: row.amount,
    pdf: `/api/v1/stripe/invoices/${encodeURIComponent(row.refund_id)}/pdf`,
    xml: row.has_xml ? `/api/v1/stripe/invoices/${encodeURIComponent(row.refund_id)}/xml` : null,
  }))
}
