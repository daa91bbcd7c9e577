/**
 * The subscriber's download of an invoice: only the caller's own (404 for an
 * unknown invoice, 403 for another account's), only once paid and numbered
 * (an unpaid invoice has no PDF), only with the seller's data complete (kept
 * with the number, or complete now; 503 otherwise: never an invoice without its cedente).
 */
import type Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { ITALY, normalizeCountry, type Seller } from '../italian-identifiers/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { loadCatalogue } from './catalogue-store.ts'
import { invoiceFileName, type InvoiceNumber } from './invoice-number.ts'
import {
  invoiceFigures,
  renderInvoicePdf,
  type InvoiceBuyer,
  type InvoiceDocument,
  type InvoiceDocumentLine,
} from './invoice-pdf.ts'
import { getBillingPool } from './runtime.ts'
import { metadataKeys } from './schemas.ts'
import { readSeller } from './seller-settings.ts'
import { getBillingStripe } from './stripe.ts'
import { prorationLabel } from './subscriptions.ts'

type Row = {
  user_id: string | null
  data: Stripe.Invoice
  product_name: string | null
  year: number | null
  number: number | null
  issued_at: Date | null
  seller: Seller | null
  buyer: Stripe.Customer | null
  customer: Stripe.Customer | null
  card: { brand: string | null; last4: string | null } | null
}

/** The buyer from the customer as Stripe holds it (billing data of §5 in its metadata). */
export function invoiceBuyer(customer: Stripe.Customer | null, invoice: Stripe.Invoice): InvoiceBuyer {
  const metadata = customer?.metadata ?? {}
  const address = customer?.address ?? invoice.customer_address
  const country = address?.country ? normalizeCountry(address.country) : null
  const uniqueCode = metadata[metadataKeys.uniqueCode]?.trim()
  const fiscalCode = metadata[metadataKeys.codiceFiscale]?.trim()
  const vatNumber = metadata[metadataKeys.partitaIva]?.trim()
  const pec = metadata[metadataKeys.pec]?.trim()
  return {
    name: customer?.name ?? invoice.customer_name ?? invoice.customer_email ?? '',
    email: customer?.email ?? invoice.customer_email ?? null,
    street: address?.line1 ?? null,
    postalCode: address?.postal_code ?? null,
    city: address?.city ?? null,
    province: address?.state ?? null,
    country,
    fiscalCode: fiscalCode || null,
    vatNumber: vatNumber || null,
    pec: pec || null,
    // FatturaPA: the codice univoco when given; '0000000' with PEC or for a consumer; 'XXXXXXX' abroad.
    recipientCode: uniqueCode || (country && country !== ITALY ? 'XXXXXXX' : '0000000'),
  }
}

async function documentLines(invoice: Stripe.Invoice, productName: string | null) {
  const { items } = await loadCatalogue()
  return invoice.lines.data.map((line): InvoiceDocumentLine => {
    const proration = line.parent?.subscription_item_details?.proration ?? false
    const product =
      items.find((item) => item.product.id === line.pricing?.price_details?.product)?.product.name ??
      productName
    const description = proration
      ? (prorationLabel(line, items) ?? '')
      : product
        ? it.invoices.document.lines.subscription(product)
        : (line.description ?? '')
    return {
      description,
      periodStart: line.period?.start ?? null,
      periodEnd: line.period?.end ?? null,
      quantity: line.quantity ?? 1,
      amount: line.amount,
    }
  })
}

/** The percentage of each VAT rate the invoice names (Stripe's tax rates). */
async function taxPercentages(invoice: Stripe.Invoice): Promise<Map<string, number>> {
  const { stripe } = getBillingStripe()
  const ids = new Set((invoice.total_taxes ?? []).map((entry) => entry.tax_rate_details?.tax_rate ?? ''))
  const percentages = new Map<string, number>()
  for (const id of ids) if (id) percentages.set(id, (await stripe.taxRates.retrieve(id)).percentage)
  return percentages
}

type InvoicePdf = { fileName: string; pdf: Uint8Array<ArrayBuffer> }

/** The invoice's row with its number and the parties kept with it; 404 for an unknown invoice. */
async function invoiceRow(invoiceId: string): Promise<Row> {
  const pool = await getBillingPool()
  const found = await pool.query<Row>(
    `select i.user_id, i.data, s.product_name, n.year, n.number, n.issued_at, n.seller, n.buyer, n.card,
            c.data as customer
       from billing_invoices i
       left join billing_invoice_numbers n on n.invoice_id = i.id
       left join billing_subscriptions s on s.id = i.subscription_id
       left join billing_customers c on c.id = i.customer_id
      where i.id = $1`,
    [invoiceId],
  )
  const row = found.rows[0]
  if (!row) throw new AppError('not_found', it.invoices.errors.notFound)
  return row
}

/** The document of an issued invoice; 404 while it has no number (not paid), 503 without the seller's data. */
async function documentOf(row: Row, invoiceId: string): Promise<InvoiceDocument> {
  if (row.year == null || row.number == null || row.issued_at == null)
    throw new AppError('not_found', it.invoices.errors.notIssued)
  const number: InvoiceNumber = { year: row.year, number: row.number, issuedAt: row.issued_at }
  // The seller as it was when the invoice was issued (numbered while the data were incomplete: as it is now).
  const seller = row.seller ?? (await readSeller())
  const invoice = row.data
  const percentages = await taxPercentages(invoice)
  const card = row.card?.brand && row.card.last4 ? { brand: row.card.brand, last4: row.card.last4 } : null
  const document: InvoiceDocument = {
    number,
    seller,
    // The buyer as it was when the invoice was issued (invoices numbered at the migration: as it is now).
    buyer: invoiceBuyer(row.buyer ?? row.customer, invoice),
    lines: await documentLines(invoice, row.product_name),
    ...invoiceFigures(invoice, (id) => percentages.get(id) ?? 0),
    card,
    stripe: { id: invoice.id ?? invoiceId, number: invoice.number },
  }
  return document
}

/** The PDF of an issued invoice (same answers as `documentOf`). */
async function issuedPdf(row: Row, invoiceId: string): Promise<InvoicePdf> {
  const document = await documentOf(row, invoiceId)
  return { fileName: invoiceFileName(document.number), pdf: await renderInvoicePdf(document) }
}

/** What an issued invoice says, the PDF's and the electronic invoice's source; 404 unpaid, 503 without the seller. */
export async function issuedDocument(invoiceId: string): Promise<InvoiceDocument> {
  return documentOf(await invoiceRow(invoiceId), invoiceId)
}

/** The PDF of one of the caller's paid invoices, and its file name ('fattura-2026-000123.pdf'). */
export async function downloadInvoicePdf(options: {
  user: SignedInUser
  invoiceId: string
}): Promise<InvoicePdf> {
  const row = await invoiceRow(options.invoiceId)
  if (row.user_id !== options.user.id) throw new AppError('forbidden', it.billing.errors.forbidden)
  return issuedPdf(row, options.invoiceId)
}

/** The same PDF for the operators' view in /admin (the caller's administrator role is checked there). */
export async function operatorInvoicePdf(invoiceId: string): Promise<InvoicePdf> {
  return issuedPdf(await invoiceRow(invoiceId), invoiceId)
}
