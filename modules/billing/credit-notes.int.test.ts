/**
 * Refunds and their credit notes end to end on a real Postgres with the Stripe
 * emulator and the local SDI intermediary: a purchase refunded in part, then
 * in full, by the operators' refund; each refund gets a credit note (TD04)
 * numbered in the invoices' yearly series, with the VAT split out at 22 %,
 * referencing the invoice, valid and delivered by SDI; a repeated delivery of
 * the webhook records nothing more; the subscriber lists and downloads the
 * credit notes (PDF and XML), no one else does.
 */
import { fpa2js } from '@digitalia/fatturapa'
import type Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import { getCms } from '../cms/index.ts'
import { getLogger } from '../platform/index.ts'
import { TEST_SELLER } from '../../tests/fixtures/seller.ts'
import { pdfText } from '../../tests/pdf-text.ts'
import { startLocalSdi, type LocalSdi } from '../../dev/sdi.ts'
import {
  refundInvoice,
  runSdiTransmissions,
  splitGross,
  validateFattura,
  type AccountInvoice,
} from './index.ts'
import { chargeRefunded } from './webhooks/charge.ts'
import { inBillingTransaction } from './runtime.ts'
import {
  billingForm,
  emulator,
  holdDeliveries,
  item,
  newAccount,
  pool,
  postWebhook,
  stripe,
  takeHeld,
  useBilling,
  v1,
  v1json,
  type Account,
} from './fixtures/harness.ts'

useBilling()

const DELAY_MS = 150
let sdi: LocalSdi

beforeAll(async () => {
  const payload = await getCms()
  await payload.updateGlobal({ slug: 'seller-settings', data: TEST_SELLER })
  // The integration tests share one database: files queued by other files' invoices would come first.
  await pool.query(
    "update billing_sdi_transmissions set next_attempt_at = 'infinity' where state in ('pending', 'sent')",
  )
  sdi = await startLocalSdi({ pool, delayMs: DELAY_MS })
})

const run = () => runSdiTransmissions({ logger: getLogger(), provider: sdi })

async function runUntilAnswered() {
  await run()
  await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 50))
  await run()
}

type Node = Record<string, unknown> | undefined
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Node)?.[key], node)
const parse = (xml: string) => fpa2js(xml, { validate: false, valuesOnly: true }) as Node

/** A company's purchase of the monthly plan, paid by card; its paid invoice. */
async function purchase(account: Account): Promise<{ invoiceId: string; total: number }> {
  const customer = await v1json<{ id: string }>('/stripe/customer/create', {
    cookie: account.cookie,
    body: { ...billingForm, name: 'Studio Verdi S.r.l.', fiscalcode: '01234560017', uniquecode: 'M5UXCR1' },
  })
  expect(customer.status).toBe(200)
  const price = await item('premium_monthly')
  const created = await v1json<{ subscriptionId: string; clientSecret: string }>(
    '/stripe/subscription/create',
    { cookie: account.cookie, body: { priceId: price.price.id, customerId: customer.body.id } },
  )
  expect(created.status).toBe(200)
  await stripe.paymentIntents.confirm(created.body.clientSecret.split('_secret_')[0] ?? '', {
    payment_method: 'pm_card_visa',
  })
  await emulator.idle()
  const found = await pool.query<{ id: string; total: number }>(
    `select id, total from billing_invoices where subscription_id = $1 and status = 'paid'`,
    [created.body.subscriptionId],
  )
  const invoice = found.rows[0]
  if (!invoice) throw new Error('fattura non pagata')
  return { invoiceId: invoice.id, total: invoice.total }
}

type NoteRow = {
  refund_id: string
  amount: number
  taxable: number
  vat: number
  year: number
  number: number
}

async function creditNotes(invoiceId: string): Promise<NoteRow[]> {
  const rows = await pool.query<NoteRow>(
    `select c.refund_id, c.amount, c.taxable, c.vat, n.year, n.number
       from billing_credit_notes c join billing_invoice_numbers n on n.invoice_id = c.refund_id
      where c.invoice_id = $1 order by n.number`,
    [invoiceId],
  )
  return rows.rows
}

async function numberOf(id: string): Promise<{ year: number; number: number }> {
  const row = await pool.query<{ year: number; number: number }>(
    'select year, number from billing_invoice_numbers where invoice_id = $1',
    [id],
  )
  if (!row.rows[0]) throw new Error(`senza numero: ${id}`)
  return row.rows[0]
}

async function deliveredFile(refundId: string) {
  const rows = await pool.query<{ state: string; xml: string | null; sdi_id: string | null; kind: string }>(
    'select state, xml, sdi_id, kind from billing_sdi_transmissions where invoice_id = $1 order by id',
    [refundId],
  )
  return rows.rows
}

describe('credit notes of refunds', () => {
  it('issues a TD04 credit note for a partial and a full refund, delivered by SDI, once each', async () => {
    const account = await newAccount('rimborso')
    const { invoiceId, total } = await purchase(account)
    const invoiceNumber = await numberOf(invoiceId)
    await runUntilAnswered()

    // A partial refund of 2,00 €, with the operator's reason.
    const partial = await refundInvoice({
      invoiceId,
      amount: 200,
      reason: 'requested_by_customer',
      note: 'Disservizio',
    })
    await emulator.idle()
    let notes = await creditNotes(invoiceId)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ refund_id: partial.id, amount: 200, taxable: 164, vat: 36 })
    // Its own number, in the same yearly series as the invoices: the next one after the invoice's.
    expect(notes[0]?.year).toBe(invoiceNumber.year)
    expect(notes[0]?.number).toBeGreaterThan(invoiceNumber.number)
    expect((await deliveredFile(partial.id)).map((row) => [row.kind, row.state])).toEqual([
      ['TD04', 'pending'],
    ])

    // More than what is left is refused with an Italian message; the rest (default amount) is refunded.
    await expect(refundInvoice({ invoiceId, amount: total, reason: 'duplicate' })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('supera'),
    })
    const rest = await refundInvoice({ invoiceId, reason: 'duplicate' })
    expect(rest.amount).toBe(total - 200)
    await emulator.idle()
    notes = await creditNotes(invoiceId)
    expect(notes.map((note) => note.refund_id)).toEqual([partial.id, rest.id])
    const split = splitGross(total - 200)
    expect(notes[1]).toMatchObject({ amount: total - 200, taxable: split.taxable, vat: split.vat })
    expect(notes[1]?.number).toBe((notes[0]?.number ?? 0) + 1)
    await expect(refundInvoice({ invoiceId, reason: 'duplicate' })).rejects.toMatchObject({
      code: 'conflict',
    })

    // SDI delivers both files: valid TD04 referencing the invoice, with the refunded amounts.
    await runUntilAnswered()
    const received = await sdi.files()
    for (const [note, gross] of [
      [notes[0], 200],
      [notes[1], total - 200],
    ] as const) {
      const [file] = await deliveredFile(note?.refund_id ?? '')
      expect(file?.state).toBe('delivered')
      expect(received.find((entry) => entry.sdiId === file?.sdi_id)?.outcome).toBe('RC')
      const xml = file?.xml ?? ''
      expect((await validateFattura(xml)).valid).toBe(true)
      const body = at(parse(xml), 'FatturaElettronicaBody')
      const general = at(body, 'DatiGenerali', 'DatiGeneraliDocumento')
      expect(at(general, 'TipoDocumento')).toBe('TD04')
      expect(at(general, 'Numero')).toBe(`${note?.number}/${note?.year}`)
      expect(at(general, 'ImportoTotaleDocumento')).toBe((gross / 100).toFixed(2))
      expect(at(body, 'DatiGenerali', 'DatiFattureCollegate', 'IdDocumento')).toBe(
        `${invoiceNumber.number}/${invoiceNumber.year}`,
      )
      const summary = at(body, 'DatiBeniServizi', 'DatiRiepilogo')
      const { taxable, vat } = splitGross(gross)
      expect(at(summary, 'AliquotaIVA')).toBe('22.00')
      expect(at(summary, 'ImponibileImporto')).toBe((taxable / 100).toFixed(2))
      expect(at(summary, 'Imposta')).toBe((vat / 100).toFixed(2))
    }
  })

  it('records nothing more when charge.refunded is delivered again', async () => {
    const account = await newAccount('rimborso-doppio')
    const { invoiceId } = await purchase(account)
    holdDeliveries()
    await refundInvoice({ invoiceId, amount: 100, reason: 'requested_by_customer' })
    await emulator.idle()
    const held = takeHeld()
    const refunded = held.filter(
      (entry) => (JSON.parse(entry.payload) as Stripe.Event).type === 'charge.refunded',
    )
    expect(refunded).toHaveLength(1)
    const [delivery] = refunded
    // The same delivery twice (Stripe's retry), then the handler once more on a new event id.
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await postWebhook(delivery?.payload ?? '', delivery?.signature ?? '')).status).toBe(200)
    const event = JSON.parse(delivery?.payload ?? '{}') as Stripe.Event
    await inBillingTransaction((client) => chargeRefunded({ ...event, id: 'evt_again' }, { client, stripe }))
    const notes = await creditNotes(invoiceId)
    expect(notes).toHaveLength(1)
    expect(notes[0]?.amount).toBe(100)
    const files = await pool.query('select 1 from billing_sdi_transmissions where invoice_id = $1', [
      notes[0]?.refund_id,
    ])
    expect(files.rowCount).toBe(1)
  })

  it('shows the credit notes to the subscriber with their PDF and XML, and to no one else', async () => {
    const account = await newAccount('rimborso-profilo')
    const { invoiceId } = await purchase(account)
    const refund = await refundInvoice({ invoiceId, amount: 150, reason: 'requested_by_customer' })
    await emulator.idle()
    await runUntilAnswered()
    const invoiceNumber = await numberOf(invoiceId)
    const noteNumber = await numberOf(refund.id)

    const list = await v1json<AccountInvoice[]>('/stripe/invoices', { cookie: account.cookie })
    expect(list.status).toBe(200)
    const note = list.body.find((entry) => entry.id === refund.id)
    expect(note).toMatchObject({
      number: `${noteNumber.number}/${noteNumber.year}`,
      creditNoteOf: `${invoiceNumber.number}/${invoiceNumber.year}`,
      total: -150,
      invoicePdf: `/api/v1/stripe/invoices/${refund.id}/pdf`,
      invoiceXml: `/api/v1/stripe/invoices/${refund.id}/xml`,
    })
    expect(list.body.find((entry) => entry.id === invoiceId)?.creditNoteOf).toBeNull()

    const pdf = await v1(`/stripe/invoices/${refund.id}/pdf`, { cookie: account.cookie })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-disposition')).toContain(
      `nota-di-credito-${noteNumber.year}-${String(noteNumber.number).padStart(6, '0')}.pdf`,
    )
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain(`Nota di credito n. ${noteNumber.number}/${noteNumber.year}`)
    expect(text).toContain(`Rettifica della fattura n. ${invoiceNumber.number}/${invoiceNumber.year}`)
    expect(text).toContain('1,50')

    const xml = await v1(`/stripe/invoices/${refund.id}/xml`, { cookie: account.cookie })
    expect(xml.status).toBe(200)
    expect(await xml.text()).toContain('<TipoDocumento>TD04</TipoDocumento>')

    const stranger = await newAccount('estraneo')
    expect((await v1(`/stripe/invoices/${refund.id}/pdf`, { cookie: stranger.cookie })).status).toBe(404)
    expect((await v1(`/stripe/invoices/${refund.id}/xml`, { cookie: stranger.cookie })).status).toBe(404)
  })
})
