/**
 * The invoice PDF's content, read back from the uncompressed PDF: the number
 * and date, the seller's P.IVA, codice fiscale, address, PEC and REA, the
 * buyer's codice fiscale or P.IVA, address, PEC and codice destinatario, the
 * lines with their period, discount, imponibile, VAT rate and amount, total,
 * payment and Stripe reference; the figures are the invoice's own, whether
 * prices include VAT or not.
 */
import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { TEST_SELLER } from '../../tests/fixtures/seller.ts'
import { pdfText } from '../../tests/pdf-text.ts'
import { completeSeller } from '../italian-identifiers/index.ts'
import { invoiceBuyer, invoiceFigures, renderInvoicePdf, type InvoiceDocument } from './index.ts'

const seller = completeSeller(TEST_SELLER)

const customer = (metadata: Record<string, string>, country = 'IT') =>
  ({
    id: 'cus_1',
    name: 'Luca Romano',
    email: 'luca@esempio.it',
    address: {
      line1: 'Via Appia Nuova 100',
      postal_code: '00183',
      city: 'Roma',
      state: 'RM',
      country,
      line2: null,
    },
    metadata,
  }) as unknown as Stripe.Customer

/** A Premium monthly first invoice with the launch coupon, as Stripe writes it with exclusive VAT. */
const exclusive = {
  id: 'in_test_1',
  number: 'EMU-0001',
  subtotal: 819,
  total_discount_amounts: [{ amount: 410, discount: 'di_1' }],
  total_excluding_tax: 409,
  total_taxes: [
    {
      amount: 90,
      tax_behavior: 'exclusive',
      taxable_amount: 409,
      tax_rate_details: { tax_rate: 'txr_iva' },
      taxability_reason: 'standard_rated',
      type: 'tax_rate_details',
    },
  ],
  total: 499,
  customer_address: null,
  customer_name: null,
  customer_email: null,
} as unknown as Stripe.Invoice

function document(buyer: InvoiceDocument['buyer'], invoice = exclusive): InvoiceDocument {
  if (!seller) throw new Error('venditore incompleto')
  return {
    number: { year: 2026, number: 123, issuedAt: new Date('2026-11-26T10:00:00Z') },
    seller,
    buyer,
    lines: [
      {
        description: 'Abbonamento Premium',
        periodStart: Date.UTC(2026, 10, 26) / 1000,
        periodEnd: Date.UTC(2026, 11, 26) / 1000,
        quantity: 1,
        amount: invoice.subtotal,
      },
    ],
    ...invoiceFigures(invoice, () => 22),
    card: { brand: 'visa', last4: '4242' },
    stripe: { id: invoice.id ?? '', number: invoice.number },
  }
}

describe('invoice PDF', () => {
  it('shows the number, the seller and a consumer buyer with codice fiscale and codice destinatario 0000000', async () => {
    const buyer = invoiceBuyer(customer({ 'Codice Fiscale': 'RMNLCU80A01H501M' }), exclusive)
    const bytes = await renderInvoicePdf(document(buyer), { compress: false })
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = pdfText(bytes)
    expect(text).toContain('Fattura n. 123/2026')
    expect(text).toContain('Data: 26/11/2026')
    // Seller (cedente).
    expect(text).toContain('Banca Dati CCNL S.r.l.')
    expect(text).toContain('P.IVA 12345670017')
    expect(text).toContain('Codice fiscale 12345670017')
    expect(text).toContain('Via del Lavoro 21')
    expect(text).toContain('00184 Roma (RM) IT')
    expect(text).toContain('PEC amministrazione@pec.bancadati.it')
    expect(text).toContain('REA RM-1234567')
    expect(text).toContain('Capitale sociale 10.000,00 € i.v.')
    expect(text).toContain('Regime fiscale RF01 · Ordinario')
    // Buyer (cessionario).
    expect(text).toContain('Luca Romano')
    expect(text).toContain('Codice fiscale RMNLCU80A01H501M')
    expect(text).toContain('Via Appia Nuova 100')
    expect(text).toContain('00183 Roma (RM) IT')
    expect(text).toContain('Codice destinatario: 0000000')
    // Lines, discount, imponibile, VAT, total, payment, reference.
    expect(text).toContain('Abbonamento Premium')
    expect(text).toContain('Periodo dal 26/11/2026 al 26/12/2026')
    expect(text).toContain('Imponibile')
    expect(text).toMatch(/Totale righe\s*8,19 €/)
    expect(text).toMatch(/Sconto\s*-4,10 €/)
    expect(text).toMatch(/Imponibile\s*4,09 €/)
    expect(text).toMatch(/IVA 22 %\s*0,90 €/)
    expect(text).toMatch(/Totale fattura\s*4,99 €/)
    expect(text).toContain('Pagamento: carta visa •••• 4242, pagata il 26/11/2026.')
    expect(text).toContain('Riferimento del pagamento (Stripe): in_test_1 · EMU-0001')
  })

  it('shows a company buyer’s P.IVA, PEC and codice univoco', async () => {
    const buyer = invoiceBuyer(
      customer({ 'Partita IVA': '00743110157', PEC: 'studio@pec.esempio.it', 'Codice Univoco': 'M5UXCR1' }),
      exclusive,
    )
    const text = pdfText(await renderInvoicePdf(document(buyer)))
    expect(text).toContain('P.IVA 00743110157')
    expect(text).toContain('PEC studio@pec.esempio.it')
    expect(text).toContain('Codice destinatario: M5UXCR1')
  })

  it('keeps the whole buyer block when a word of the address is longer than the column (third attack round)', async () => {
    const longWord = 'Viadellecasebianchesenzaspazi'.repeat(5)
    const buyer = {
      ...invoiceBuyer(customer({ 'Codice Fiscale': 'RMNLCU80A01H501M' }), exclusive),
      street: `${longWord} 12`,
      city: 'Roma',
    }
    const bytes = await renderInvoicePdf(document(buyer), { compress: false })
    const text = pdfText(bytes)
    // Every word is drawn on the A4 page (595 points wide), the buyer's column included: pdfmake used to
    // move the whole block off the page.
    const placed = [
      ...Buffer.from(bytes)
        .toString('latin1')
        .matchAll(/1 0 0 1 ([\d.]+) [\d.]+ Tm/g),
    ]
    expect(placed.length).toBeGreaterThan(20)
    expect(Math.max(...placed.map((match) => Number(match[1])))).toBeLessThan(595 - 48)
    // Every line of the buyer is there: the name, the address's pieces, the codes.
    expect(text).toContain('Luca Romano')
    expect(text).toContain('Codice fiscale RMNLCU80A01H501M')
    expect(text).toContain('00183 Roma (RM) IT')
    expect(text).toContain('Codice destinatario: 0000000')
    expect(text.replace(/\s+/g, '')).toContain(`${longWord}12`)
    // Broken at the column's edge, not letter by letter.
    expect(text).toContain(longWord.slice(0, 24))
  })

  it('writes 0000000 for a buyer with PEC only and XXXXXXX abroad', () => {
    const withPec = invoiceBuyer(customer({ 'Partita IVA': '00743110157', PEC: 'a@pec.it' }), exclusive)
    expect(withPec.recipientCode).toBe('0000000')
    const abroad = invoiceBuyer(customer({ 'Partita IVA': 'DE123456789' }, 'DE'), exclusive)
    expect(abroad.recipientCode).toBe('XXXXXXX')
  })

  it('takes the figures from the invoice when prices include VAT', async () => {
    // A 9,99 € VAT-inclusive price with the launch coupon: Stripe's own split of the 4,99 € paid.
    const inclusive = {
      ...exclusive,
      subtotal: 999,
      total_discount_amounts: [{ amount: 500, discount: 'di_1' }],
      total_excluding_tax: 409,
      total_taxes: [
        { ...exclusive.total_taxes?.[0], amount: 90, tax_behavior: 'inclusive', taxable_amount: 409 },
      ],
      total: 499,
    } as unknown as Stripe.Invoice
    const buyer = invoiceBuyer(customer({ 'Codice Fiscale': 'RMNLCU80A01H501M' }), inclusive)
    const text = pdfText(await renderInvoicePdf(document(buyer, inclusive), { compress: false }))
    expect(text).toContain('Importo (IVA inclusa)')
    expect(text).toMatch(/Totale righe\s*9,99 €/)
    expect(text).toMatch(/Sconto\s*-5,00 €/)
    expect(text).toMatch(/Imponibile\s*4,09 €/)
    expect(text).toMatch(/IVA 22 %\s*0,90 €/)
    expect(text).toMatch(/Totale fattura\s*4,99 €/)
  })
})
