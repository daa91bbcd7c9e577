/**
 * The electronic invoices end to end on a real Postgres with the Stripe
 * emulator and the local SDI intermediary: a purchase produces a FatturaPA
 * file that SDI delivers (RC); a consumer's is not deliverable (MC) but
 * issued; a rejection (NS) is corrected and resent with the same number; the
 * subscriber downloads only their own files.
 */
import { fpa2js } from '@digitalia/fatturapa'
import type Stripe from 'stripe'
import { beforeAll, describe, expect, it } from 'vitest'
import { getCms } from '../../cms/index.ts'
import { getLogger } from '../../platform/index.ts'
import { TEST_SELLER } from '../../../tests/fixtures/seller.ts'
import { startLocalSdi, UNREGISTERED_RECIPIENT_CODE, type LocalSdi } from '../../../dev/sdi.ts'
import {
  adminEinvoiceProblems,
  resendFattura,
  retryFattura,
  runSdiTransmissions,
  validateFattura,
} from '../index.ts'
import {
  billingForm,
  emulator,
  newAccount,
  item,
  pool,
  quotePlanChange,
  stripe,
  useBilling,
  v1,
  v1json,
  type Account,
} from '../fixtures/harness.ts'

useBilling()

const DELAY_MS = 150
let sdi: LocalSdi

type Transmission = {
  state: string
  xml: string | null
  progressive: string | null
  sdi_id: string | null
  errors: { code: string; description: string }[] | null
}

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

/** Runs the job until SDI has answered about every file sent (the intermediary answers after a moment). */
async function runUntilAnswered() {
  await run()
  await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 50))
  await run()
}

async function invoiceOf(subscriptionId: string): Promise<string> {
  const found = await pool.query<{ id: string }>(
    `select id from billing_invoices where subscription_id = $1 and status = 'paid'`,
    [subscriptionId],
  )
  const id = found.rows[0]?.id
  if (!id) throw new Error('fattura non pagata')
  return id
}

async function transmissions(invoiceId: string): Promise<Transmission[]> {
  const rows = await pool.query<Transmission>(
    'select state, xml, progressive, sdi_id, errors from billing_sdi_transmissions where invoice_id = $1 order by id',
    [invoiceId],
  )
  return rows.rows
}

type Node = Record<string, unknown> | undefined
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Node)?.[key], node)
const parse = (xml: string) => fpa2js(xml, { validate: false, valuesOnly: true }) as Node

/** The checkout with these billing data: billing form, subscription, card payment. */
async function buyWith(account: Account, form: Record<string, unknown>) {
  const customer = await v1json<{ id: string }>('/stripe/customer/create', {
    cookie: account.cookie,
    body: form,
  })
  expect(customer.status).toBe(200)
  const price = await item('premium_monthly')
  const created = await v1json<{ subscriptionId: string; clientSecret: string }>(
    '/stripe/subscription/create',
    {
      cookie: account.cookie,
      body: { priceId: price.price.id, customerId: customer.body.id },
    },
  )
  expect(created.status).toBe(200)
  await stripe.paymentIntents.confirm(created.body.clientSecret.split('_secret_')[0] ?? '', {
    payment_method: 'pm_card_visa',
  })
  await emulator.idle()
  return { customerId: customer.body.id, subscriptionId: created.body.subscriptionId }
}

describe('electronic invoices through SDI', () => {
  it('delivers (RC) a valid FatturaPA file of a purchase, which the subscriber downloads', async () => {
    const account = await newAccount('fattura')
    const { subscriptionId } = await buyWith(account, {
      ...billingForm,
      name: 'Studio Bianchi S.r.l.',
      fiscalcode: '01234560017',
      uniquecode: 'M5UXCR1',
    })
    const invoiceId = await invoiceOf(subscriptionId)
    // Queued with the invoice's number, in the payment's transaction.
    expect((await transmissions(invoiceId)).map((row) => row.state)).toEqual(['pending'])

    await run()
    const [sent] = await transmissions(invoiceId)
    expect(sent?.state).toBe('sent')
    expect(sent?.sdi_id).toMatch(/^\d+$/)
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 50))
    await run()
    const [delivered] = await transmissions(invoiceId)
    expect(delivered?.state).toBe('delivered')

    // The file SDI received is the one kept, valid against the official schema.
    const received = (await sdi.files()).find((file) => file.sdiId === delivered?.sdi_id)
    expect(received?.outcome).toBe('RC')
    expect(received?.xml).toBe(delivered?.xml)
    expect(received?.fileName).toBe(`IT${TEST_SELLER.fiscalCode}_${delivered?.progressive}.xml`)
    const xml = delivered?.xml ?? ''
    expect((await validateFattura(xml)).valid).toBe(true)

    const document = parse(xml)
    const number = await pool.query<{ year: number; number: number }>(
      'select year, number from billing_invoice_numbers where invoice_id = $1',
      [invoiceId],
    )
    const { year, number: progressive } = number.rows[0] ?? { year: 0, number: 0 }
    expect(at(document, 'FatturaElettronicaBody', 'DatiGenerali', 'DatiGeneraliDocumento', 'Numero')).toBe(
      `${progressive}/${year}`,
    )
    expect(at(document, 'FatturaElettronicaHeader', 'DatiTrasmissione', 'CodiceDestinatario')).toBe('M5UXCR1')
    expect(
      at(document, 'FatturaElettronicaHeader', 'CessionarioCommittente', 'DatiAnagrafici', 'IdFiscaleIVA'),
    ).toEqual({ IdPaese: 'IT', IdCodice: '01234560017' })
    const paid = await pool.query<{ total: number }>('select total from billing_invoices where id = $1', [
      invoiceId,
    ])
    const total = paid.rows[0]?.total ?? 0
    expect(
      at(
        document,
        'FatturaElettronicaBody',
        'DatiGenerali',
        'DatiGeneraliDocumento',
        'ImportoTotaleDocumento',
      ),
    ).toBe((total / 100).toFixed(2))

    // Profilo › Fatturazione lists the file; the subscriber downloads exactly it.
    const listed = await v1json<{ id: string; invoiceXml: string | null }[]>('/stripe/invoices', {
      cookie: account.cookie,
    })
    const link = listed.body.find((invoice) => invoice.id === invoiceId)?.invoiceXml
    expect(link).toBe(`/api/v1/stripe/invoices/${invoiceId}/xml`)
    const download = await v1(`/stripe/invoices/${invoiceId}/xml`, { cookie: account.cookie })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toMatch(/^application\/xml/)
    expect(download.headers.get('content-disposition')).toContain(received?.fileName ?? '-')
    expect(await download.text()).toBe(xml)

    // Another account: 404, as for an invoice that does not exist.
    const stranger = await newAccount('estraneo')
    const refused = await v1(`/stripe/invoices/${invoiceId}/xml`, { cookie: stranger.cookie })
    expect(refused.status).toBe(404)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Fattura non trovata.',
    )
    expect((await v1(`/stripe/invoices/${invoiceId}/xml`)).status).toBe(401)
  })

  it('agrees on a plan change: the preview, the invoice, the emulator’s credit and the FatturaPA file', async () => {
    // Premium monthly bought at the launch price (9,99 € − 5,00 € = 4,99 €), upgraded the same day to
    // Professional monthly, whose launch discount this customer never had:
    //   unused time of Premium: what was paid, 4,99 € (the period is untouched: share 1)   −4,99
    //   Professional, a whole month from today                                            +19,99
    //   its launch discount (19,99 € → 9,99 €)                                            −10,00
    //   charged                                                                              5,00
    // VAT 22 % inside, line by line as Stripe computes it: −4,99 holds −0,90 (taxable −4,09); 9,99 holds
    // 1,80 (taxable 8,19); the invoice's taxable amount 4,10 and VAT 0,90. The FatturaPA lines are the
    // taxable amounts of −4,99, 19,99 and −10,00 (−4,09, 16,39, −8,20), which add up to 4,10.
    const account = await newAccount('cambio')
    const { subscriptionId } = await buyWith(account, {
      ...billingForm,
      name: 'Studio Neri S.r.l.',
      fiscalcode: '01234560017',
      uniquecode: 'M5UXCR1',
    })
    const professional = await item('professional_monthly')
    const quote = await quotePlanChange(account, subscriptionId, professional.product.id)
    expect(quote.status).toBe(200)
    expect(quote.body.lines).toEqual([
      expect.objectContaining({
        amount: -499,
        description: expect.stringMatching(/^Tempo non utilizzato di Premium dal \d{2}\/\d{2}\/\d{4}$/),
      }),
      expect.objectContaining({ amount: 1999, description: 'Abbonamento Professional' }),
      expect.objectContaining({
        amount: -1000,
        description: 'Sconto di lancio sul primo periodo di Professional',
      }),
    ])
    expect(quote.body.amountRemaining).toBe(500)

    const upgrade = await v1json<{ charged: number }>(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professional.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(upgrade.status).toBe(200)
    expect(upgrade.body.charged).toBe(500)
    await emulator.idle()

    // The emulator's invoice: its credit line, the month of Professional with the discount, the total.
    const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })
    const invoice = sub.latest_invoice as Stripe.Invoice
    expect(invoice.status).toBe('paid')
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([-499, 1999])
    expect(invoice.total_discount_amounts?.map((entry) => entry.amount)).toEqual([1000])
    expect([invoice.total, invoice.total_excluding_tax]).toEqual([500, 410])
    // The new plan's first period starts at the upgrade: a whole month, then the list price.
    const line = invoice.lines.data[1]
    expect(sub.items.data[0]?.current_period_start).toBe(line?.period.start)
    expect(sub.items.data[0]?.current_period_end).toBe(line?.period.end)

    // The FatturaPA file of that invoice says the same.
    await runUntilAnswered()
    const [file] = await transmissions(invoice.id ?? '')
    expect(file?.state).toBe('delivered')
    expect((await validateFattura(file?.xml ?? '')).valid).toBe(true)
    const body = at(parse(file?.xml ?? ''), 'FatturaElettronicaBody')
    expect(at(body, 'DatiGenerali', 'DatiGeneraliDocumento', 'ImportoTotaleDocumento')).toBe('5.00')
    const lines = [at(body, 'DatiBeniServizi', 'DettaglioLinee')].flat() as Record<string, unknown>[]
    expect(lines.map((entry) => entry.PrezzoTotale)).toEqual(['-4.09', '16.39', '-8.20'])
    expect(at(body, 'DatiBeniServizi', 'DatiRiepilogo', 'ImponibileImporto')).toBe('4.10')
    expect(at(body, 'DatiBeniServizi', 'DatiRiepilogo', 'Imposta')).toBe('0.90')

    // A month later Professional renews at its list price.
    await emulator.advance(32)
    await emulator.idle()
    const renewed = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 })
    expect(renewed.data[0]?.total).toBe(1999)
  })

  it('issues a consumer’s invoice that SDI cannot deliver (MC, codice destinatario 0000000)', async () => {
    const account = await newAccount('privato')
    const { subscriptionId } = await buyWith(account, billingForm)
    const invoiceId = await invoiceOf(subscriptionId)
    await runUntilAnswered()
    const [row] = await transmissions(invoiceId)
    expect(row?.state).toBe('undeliverable')
    const header = at(parse(row?.xml ?? ''), 'FatturaElettronicaHeader')
    expect(at(header, 'DatiTrasmissione', 'CodiceDestinatario')).toBe('0000000')
    expect(at(header, 'CessionarioCommittente', 'DatiAnagrafici', 'CodiceFiscale')).toBe(
      billingForm.fiscalcode.toUpperCase(),
    )
  })

  it('resends a rejected invoice (NS) after the correction, with the same number and a new progressivo', async () => {
    const account = await newAccount('scartata')
    const { subscriptionId, customerId } = await buyWith(account, {
      ...billingForm,
      name: 'Studio Verdi S.r.l.',
      fiscalcode: '01234560017',
      uniquecode: UNREGISTERED_RECIPIENT_CODE,
    })
    const invoiceId = await invoiceOf(subscriptionId)
    await runUntilAnswered()
    const [rejected] = await transmissions(invoiceId)
    expect(rejected?.state).toBe('rejected')
    expect(rejected?.errors?.map((error) => error.code)).toEqual(['00311'])

    // Only a rejected invoice is resent: the delivered one of the first purchase is not.
    await expect(resendFattura('in_inesistente')).rejects.toMatchObject({ code: 'not_found' })

    // The subscriber corrects the codice destinatario in Profilo › Fatturazione.
    const corrected = await v1(`/stripe/customer/update-customer-address/${customerId}`, {
      method: 'PATCH',
      cookie: account.cookie,
      body: {
        name: 'Studio Verdi S.r.l.',
        address: billingForm.address,
        province: billingForm.province,
        zipCode: billingForm.zipCode,
        phone: billingForm.phone,
        city: billingForm.city,
        state: 'IT',
        fiscalCode: '01234560017',
        uniqueCode: 'M5UXCR1',
      },
    })
    expect(corrected.status).toBe(200)
    await emulator.idle()

    await resendFattura(invoiceId)
    await expect(resendFattura(invoiceId)).rejects.toMatchObject({ code: 'conflict' })
    await runUntilAnswered()
    const [first, second] = await transmissions(invoiceId)
    expect(first?.state).toBe('rejected')
    expect(second?.state).toBe('delivered')
    expect(second?.progressive).not.toBe(first?.progressive)
    const numberOf = (xml: string | null | undefined) =>
      at(parse(xml ?? ''), 'FatturaElettronicaBody', 'DatiGenerali', 'DatiGeneraliDocumento')
    expect(at(numberOf(second?.xml), 'Numero')).toBe(at(numberOf(first?.xml), 'Numero'))
    expect(at(numberOf(second?.xml), 'Data')).toBe(at(numberOf(first?.xml), 'Data'))
    expect(
      at(parse(second?.xml ?? ''), 'FatturaElettronicaHeader', 'DatiTrasmissione', 'CodiceDestinatario'),
    ).toBe('M5UXCR1')
    await expect(resendFattura(invoiceId)).rejects.toMatchObject({ code: 'conflict' })

    // The download gives the file delivered, not the rejected one.
    const download = await v1(`/stripe/invoices/${invoiceId}/xml`, { cookie: account.cookie })
    expect(await download.text()).toBe(second?.xml)
  })

  describe('a foreign buyer (third attack round)', () => {
    const german = {
      ...billingForm,
      name: 'Müller Lohnbüro GmbH',
      address: 'Friedrichstraße 123',
      city: 'Berlin',
      zipCode: '10117',
      province: 'Berlin',
      fiscalcode: 'DE123456789',
    }

    it('takes the country by its Italian name or code, refuses one not in ISO 3166, and reaches SDI', async () => {
      const refused = await v1json<{ error: { field: string; message: string } }>('/stripe/customer/create', {
        cookie: (await newAccount('narnia')).cookie,
        body: { ...german, state: 'Narnia' },
      })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ field: 'state', message: expect.stringMatching(/ISO 3166/) })

      const account = await newAccount('germania')
      const { customerId, subscriptionId } = await buyWith(account, { ...german, state: 'Germania' })
      const customer = await stripe.customers.retrieve(customerId)
      expect(customer.deleted ? null : customer.address?.country).toBe('DE')
      const invoiceId = await invoiceOf(subscriptionId)
      await runUntilAnswered()
      const [file] = await transmissions(invoiceId)
      expect(file?.state).toBe('delivered')
      const buyer = at(parse(file?.xml ?? ''), 'FatturaElettronicaHeader', 'CessionarioCommittente')
      expect(at(buyer, 'DatiAnagrafici', 'IdFiscaleIVA')).toEqual({ IdPaese: 'DE', IdCodice: '123456789' })
      expect(at(buyer, 'Sede', 'Nazione')).toBe('DE')
    })

    it('flags a file whose data break the format to operators, naming the field, and never retries it alone', async () => {
      const account = await newAccount('deutschland')
      const { customerId, subscriptionId } = await buyWith(account, { ...german, state: 'DE' })
      // The country changed where the portal does not check it (Stripe's dashboard), before the file is built.
      await stripe.customers.update(customerId, { address: { country: 'Deutschland' } })
      await emulator.idle()
      const invoiceId = await invoiceOf(subscriptionId)
      await pool.query(
        `update billing_invoice_numbers n set buyer = c.data from billing_customers c
          where n.invoice_id = $1 and c.id = $2`,
        [invoiceId, customerId],
      )
      await run()
      const invalid = await pool.query<{
        state: string
        last_error: string
        attempts: number
        xml: string | null
      }>('select state, last_error, attempts, xml from billing_sdi_transmissions where invoice_id = $1', [
        invoiceId,
      ])
      expect(invalid.rows[0]).toMatchObject({ state: 'invalid', attempts: 1, xml: null })
      expect(invalid.rows[0]?.last_error).toMatch(
        /Acquirente › Paese della partita IVA \(IdPaese\): «DEUTSCHLAND» non è un codice ISO 3166/,
      )
      expect(invalid.rows[0]?.last_error).toMatch(/Acquirente › Paese \(Nazione\)/)
      // Listed for the operators with the reason.
      const problems = await adminEinvoiceProblems(pool)
      expect(problems.find((row) => row.invoice_id === invoiceId)).toMatchObject({
        kind: 'TD01',
        customer_id: customerId,
        reason: expect.stringMatching(/IdPaese/),
      })
      // Later runs, however late, leave it alone.
      await pool.query(
        "update billing_sdi_transmissions set next_attempt_at = now() - interval '2 hours' where invoice_id = $1",
        [invoiceId],
      )
      await run()
      expect((await transmissions(invoiceId)).map((row) => row.state)).toEqual(['invalid'])

      // Corrected in Stripe, then 'Riprova': the same number goes to SDI.
      await expect(retryFattura('in_sconosciuta')).rejects.toMatchObject({ code: 'conflict' })
      await stripe.customers.update(customerId, { address: { country: 'DE' } })
      await emulator.idle()
      expect(await retryFattura(invoiceId)).toEqual({ requeued: 1 })
      await runUntilAnswered()
      const [file] = await transmissions(invoiceId)
      expect(file?.state).toBe('delivered')
      expect((await adminEinvoiceProblems(pool)).some((row) => row.invoice_id === invoiceId)).toBe(false)
    })
  })
})
