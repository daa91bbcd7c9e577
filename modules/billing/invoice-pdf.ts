/**
 * The invoice as a PDF (pdfmake, the standard Helvetica font: no font files):
 * number and date, the seller (cedente) and the buyer (cessionario) with their
 * tax ids, address, PEC and codice destinatario, the lines with their period,
 * discount, imponibile, VAT with its rate, total, the payment and Stripe's
 * reference. Every amount is one the invoice itself gives (Stripe computes
 * them, whether prices include VAT or not); none is derived here.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type Stripe from 'stripe'
import type { Seller } from '../italian-identifiers/index.ts'
import { formatDate, formatEuroCents, it } from '../i18n/index.ts'
import { PDF_FONT, renderPdfDocument, wrappingText } from '../platform/index.ts'
import { formatInvoiceNumber, type InvoiceNumber } from './invoice-number.ts'

const t = it.invoices.document
const c = it.invoices.creditNote

/** The buyer (cessionario) as the invoice shows it. */
export type InvoiceBuyer = {
  name: string
  email: string | null
  street: string | null
  postalCode: string | null
  city: string | null
  province: string | null
  country: string | null
  fiscalCode: string | null
  vatNumber: string | null
  pec: string | null
  /** The SDI codice destinatario: the buyer's codice univoco, '0000000' with PEC or for consumers, 'XXXXXXX' abroad. */
  recipientCode: string
}

/** One line of the invoice, described in Italian. */
export type InvoiceDocumentLine = {
  description: string
  periodStart: number | null
  periodEnd: number | null
  quantity: number
  /** As the invoice gives it: net, or VAT included when the prices include it. */
  amount: number
}

/** A VAT amount of the invoice with its rate. */
export type InvoiceTax = { percentage: number; amount: number }

export type InvoiceDocument = {
  number: InvoiceNumber
  seller: Seller
  buyer: InvoiceBuyer
  lines: InvoiceDocumentLine[]
  /** Whether the lines' amounts include VAT (prices with `tax_behavior: 'inclusive'`). */
  taxIncluded: boolean
  /** The invoice's own figures, in cents. */
  subtotal: number
  discount: number
  taxable: number
  taxes: InvoiceTax[]
  total: number
  card: { brand: string; last4: string } | null
  stripe: { id: string; number: string | null }
  /** A credit note (nota di credito): the invoice it corrects. */
  creditNote?: { invoiceNumber: string; invoiceDate: Date }
}

/** The invoice's figures as Stripe gives them (either tax behaviour). */
export function invoiceFigures(
  invoice: Stripe.Invoice,
  percentageOf: (taxRateId: string) => number,
): Pick<InvoiceDocument, 'subtotal' | 'discount' | 'taxable' | 'taxes' | 'total' | 'taxIncluded'> {
  const totals = invoice.total_taxes ?? []
  const byRate = new Map<number, number>()
  for (const entry of totals) {
    const percentage = percentageOf(entry.tax_rate_details?.tax_rate ?? '')
    byRate.set(percentage, (byRate.get(percentage) ?? 0) + entry.amount)
  }
  return {
    subtotal: invoice.subtotal,
    discount: (invoice.total_discount_amounts ?? []).reduce((sum, entry) => sum + entry.amount, 0),
    taxable:
      invoice.total_excluding_tax ?? totals.reduce((sum, entry) => sum + (entry.taxable_amount ?? 0), 0),
    taxes: [...byRate].map(([percentage, amount]) => ({ percentage, amount })),
    total: invoice.total,
    taxIncluded: totals.some((entry) => entry.tax_behavior === 'inclusive'),
  }
}

const percent = (value: number) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(value)
const day = (seconds: number) => formatDate(seconds * 1000)

function sellerBlock(seller: Seller): Content[] {
  return [
    { text: t.seller, style: 'label' },
    wrappingText(seller.companyName, { bold: true }),
    wrappingText(seller.street),
    wrappingText(`${seller.postalCode} ${seller.city} (${seller.province}) ${seller.country}`),
    wrappingText(t.vatNumber(seller.vatNumber)),
    wrappingText(t.fiscalCode(seller.fiscalCode)),
    wrappingText(t.pec(seller.pec)),
    wrappingText(t.rea(seller.reaNumber)),
    ...(seller.shareCapital ? [wrappingText(t.shareCapital(seller.shareCapital))] : []),
    t.taxRegime(
      it.invoices.seller.taxRegimes[seller.taxRegime as keyof typeof it.invoices.seller.taxRegimes] ??
        seller.taxRegime,
    ),
  ]
}

/** The buyer's lines; a word wider than the column (an address typed without spaces) wraps instead of dropping the block. */
function buyerBlock(buyer: InvoiceBuyer): Content[] {
  const place = [buyer.postalCode, buyer.city, buyer.province ? `(${buyer.province})` : null, buyer.country]
    .filter(Boolean)
    .join(' ')
  const lines = [
    ...(buyer.street ? [buyer.street] : []),
    ...(place ? [place] : []),
    ...(buyer.vatNumber ? [t.vatNumber(buyer.vatNumber)] : []),
    ...(buyer.fiscalCode ? [t.fiscalCode(buyer.fiscalCode)] : []),
    ...(buyer.pec ? [t.pec(buyer.pec)] : []),
    t.recipientCode(buyer.recipientCode),
    ...(buyer.email ? [t.email(buyer.email)] : []),
  ]
  return [
    { text: t.buyer, style: 'label' },
    wrappingText(buyer.name, { bold: true }),
    ...lines.map((line) => wrappingText(line)),
  ]
}

function linesTable(document: InvoiceDocument): Content {
  const head: TableCell[] = [
    { text: t.lines.description, style: 'th' },
    { text: t.lines.quantity, style: 'th', alignment: 'right' },
    {
      text: document.taxIncluded ? t.lines.amountTaxIncluded : t.lines.amount,
      style: 'th',
      alignment: 'right',
    },
  ]
  const rows: TableCell[][] = document.lines.map((line) => [
    {
      stack: [
        wrappingText(line.description),
        ...(line.periodStart != null && line.periodEnd != null
          ? [{ text: t.period(day(line.periodStart), day(line.periodEnd)), style: 'small' }]
          : []),
      ],
    },
    { text: String(line.quantity), alignment: 'right' },
    { text: formatEuroCents(line.amount), alignment: 'right' },
  ])
  return {
    table: { headerRows: 1, widths: ['*', 60, 110], body: [head, ...rows] },
    layout: 'lightHorizontalLines',
    margin: [0, 18, 0, 0],
  }
}

function totalsTable(document: InvoiceDocument): Content {
  const row = (label: string, amount: string, bold = false): TableCell[] => [
    { text: label, bold },
    { text: amount, alignment: 'right', bold },
  ]
  const rows: TableCell[][] = []
  if (document.discount > 0) {
    rows.push(row(t.subtotal, formatEuroCents(document.subtotal)))
    rows.push(row(t.discount, `-${formatEuroCents(document.discount)}`))
  }
  rows.push(row(t.taxable, formatEuroCents(document.taxable)))
  for (const tax of document.taxes)
    rows.push(row(t.vat(percent(tax.percentage)), formatEuroCents(tax.amount)))
  rows.push(row(document.creditNote ? c.total : t.total, formatEuroCents(document.total), true))
  return {
    columns: [
      { width: '*', text: '' },
      { width: 260, table: { widths: ['*', 110], body: rows }, layout: 'lightHorizontalLines' },
    ],
    margin: [0, 12, 0, 0],
  }
}

/** pdfmake's definition of the invoice (tests render it uncompressed to read its text). */
export function invoiceDefinition(document: InvoiceDocument): TDocumentDefinitions {
  const number = formatInvoiceNumber(document.number)
  const issued = formatDate(document.number.issuedAt)
  const card = document.card ? t.card(document.card.brand, document.card.last4) : t.anyCard
  const credit = document.creditNote
  const subject = credit ? c.subject(number) : t.subject(number)
  return {
    info: { title: subject, author: document.seller.companyName, subject },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 60],
    defaultStyle: { font: PDF_FONT, fontSize: 10, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 18, bold: true },
      label: { fontSize: 8, bold: true, color: '#555555', margin: [0, 0, 0, 4] },
      th: { bold: true, fontSize: 9 },
      small: { fontSize: 8.5, color: '#444444' },
    },
    footer: {
      text: credit ? c.footer : t.footer,
      style: 'small',
      alignment: 'center',
      margin: [48, 20, 48, 0],
    },
    content: [
      {
        columns: [
          { width: '*', text: document.seller.companyName, fontSize: 13, bold: true },
          {
            width: 'auto',
            stack: [
              { text: credit ? c.title(number) : t.title(number), style: 'title' },
              t.date(issued),
              ...(credit ? [c.reference(credit.invoiceNumber, formatDate(credit.invoiceDate))] : []),
            ],
            alignment: 'right',
          },
        ],
      },
      {
        columns: [
          { width: '*', stack: sellerBlock(document.seller) },
          { width: '*', stack: buyerBlock(document.buyer) },
        ],
        columnGap: 24,
        margin: [0, 24, 0, 0],
      },
      linesTable(document),
      totalsTable(document),
      { text: credit ? c.refundedWith(card, issued) : t.paidWith(card, issued), margin: [0, 18, 0, 0] },
      {
        text: t.stripeReference(document.stripe.id, document.stripe.number),
        style: 'small',
        margin: [0, 4, 0, 0],
      },
    ],
  }
}

/** The invoice's PDF bytes. */
export async function renderInvoicePdf(
  document: InvoiceDocument,
  options: { compress?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const definition = { ...invoiceDefinition(document), compress: options.compress ?? true }
  return renderPdfDocument(definition)
}
