/**
 * Billing in the browser, on the Stripe emulator: a payment that asks for
 * 3-D Secure ('Completa' pays, 'Rifiuta' fails), the invoice PDF (numbered,
 * with the seller's and the buyer's tax data), the test clock renewing a
 * subscription, the operators' subscriptions view in /admin (administrators
 * only) and the seller's data they edit there.
 */
import { readFile } from 'node:fs/promises'
import { type APIRequestContext } from '@playwright/test'
import { pdfText } from '../tests/pdf-text.ts'
import { expect, test, adminLogin, confirmAddress } from './helpers.ts'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

async function newSubscriber(request: APIRequestContext): Promise<string> {
  const email = `acquisto-${unique()}@esempio.it`
  const signup = await request.post('/api/v1/user/trial-signup', {
    data: { nome: 'Elena', cognome: 'Prova', email, professione: 'professionista' },
  })
  expect(signup.status()).toBe(201)
  await confirmAddress(request, email)
  return email
}

const billing = {
  name: 'Elena Prova',
  phone: '+39 06 5551234',
  city: 'Roma',
  address: 'Via Nazionale 10',
  zipCode: '00184',
  state: 'IT',
  province: 'RM',
  fiscalcode: 'RMNLCU80A01H501M',
  termsCheck: true,
  additionalTermsCheck: true,
  professione: 'avvocato',
}

/** Billing data and an incomplete subscription, as the checkout creates them; returns the payment intent and its secret. */
async function startCheckout(request: APIRequestContext, lookupKey: string) {
  const customer = await request.post('/api/v1/stripe/customer/create', { data: billing })
  expect(customer.status()).toBe(200)
  const prices = (await (await request.get('/api/v1/stripe/prices')).json()) as {
    id: string
    lookupKey: string
  }[]
  const price = prices.find((candidate) => candidate.lookupKey === lookupKey)
  const created = await request.post('/api/v1/stripe/subscription/create', {
    data: { priceId: price?.id, customerId: ((await customer.json()) as { id: string }).id },
  })
  expect(created.status()).toBe(200)
  const { clientSecret } = (await created.json()) as { clientSecret: string }
  return { clientSecret, paymentIntent: clientSecret.split('_secret_')[0] ?? '' }
}

/** What the 'Modalità di prova' card form does: confirm with the publishable key and the client secret. */
async function confirmWithCard(
  request: APIRequestContext,
  baseURL: string,
  clientSecret: string,
  card: string,
) {
  const config = (await (await request.get('/api/v1/stripe/config')).json()) as {
    publishableKey: string
    testMode: boolean
  }
  expect(config.testMode).toBe(true)
  const paymentIntent = clientSecret.split('_secret_')[0]
  const response = await request.post(`/dev/stripe/v1/payment_intents/${paymentIntent}/confirm`, {
    headers: {
      authorization: `Bearer ${config.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    data: new URLSearchParams({
      client_secret: clientSecret,
      payment_method: card,
      return_url: `${baseURL}/profilo`,
    }).toString(),
  })
  return (await response.json()) as { status: string; next_action?: { redirect_to_url?: { url: string } } }
}

async function plan(request: APIRequestContext): Promise<string> {
  const state = (await (await request.get('/api/v1/abbonamenti')).json()) as {
    entitlements: { kind: string }
  }
  return state.entitlements.kind
}

/** A new subscriber who paid Premium monthly with the test Visa card. */
async function paidPremium(request: APIRequestContext, baseURL: string) {
  await newSubscriber(request)
  const { clientSecret } = await startCheckout(request, 'premium_monthly')
  expect((await confirmWithCard(request, baseURL, clientSecret, 'pm_card_visa')).status).toBe('succeeded')
  await expect.poll(() => plan(request)).toBe('premium')
}

test('a card that needs authentication pays after Completa on the challenge page', async ({
  page,
  baseURL,
}) => {
  await newSubscriber(page.request)
  const { clientSecret } = await startCheckout(page.request, 'premium_monthly')
  const confirmed = await confirmWithCard(
    page.request,
    baseURL!,
    clientSecret,
    'pm_card_authenticationRequired',
  )
  expect(confirmed.status).toBe('requires_action')
  const challenge = confirmed.next_action?.redirect_to_url?.url ?? ''
  expect(challenge).toContain('/dev/stripe/challenge/')
  await page.goto(challenge)
  await expect(page.getByText('Modalità di prova')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Autenticazione del pagamento' })).toBeVisible()
  await page.getByRole('button', { name: 'Completa' }).click()
  await expect(page).toHaveURL(/\/profilo\?payment_intent=pi_.+redirect_status=succeeded/)
  await expect.poll(() => plan(page.request), { timeout: 10_000 }).toBe('premium')
})

test('Rifiuta on the challenge page fails the payment and leaves no subscription', async ({
  page,
  baseURL,
}) => {
  await newSubscriber(page.request)
  const { clientSecret } = await startCheckout(page.request, 'professional_monthly')
  const confirmed = await confirmWithCard(
    page.request,
    baseURL!,
    clientSecret,
    'pm_card_authenticationRequired',
  )
  await page.goto(confirmed.next_action?.redirect_to_url?.url ?? '')
  await page.getByRole('button', { name: 'Rifiuta' }).click()
  await expect(page).toHaveURL(/redirect_status=failed/)
  expect(await plan(page.request)).toBe('trial')
})

test('the test clock renews a monthly subscription: a second paid invoice with its PDF', async ({
  page,
  baseURL,
}) => {
  await paidPremium(page.request, baseURL!)
  const advanced = await page.request.post('/dev/stripe/advance?days=31')
  expect(advanced.status()).toBe(200)
  type Invoice = { paid: boolean; total: number; invoicePdf: string }
  let invoices: Invoice[] = []
  await expect
    .poll(async () => {
      invoices = (await (await page.request.get('/api/v1/stripe/invoices')).json()) as Invoice[]
      return invoices.filter((invoice) => invoice.paid).length
    })
    .toBe(2)
  expect(invoices.map((invoice) => invoice.total)).toEqual([999, 499])
  const pdf = await page.request.get(invoices[0]?.invoicePdf ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
})

test('the emulator’s hosted invoice page links its PDF, laid out by pdfmake with the invoice’s number', async ({
  page,
  baseURL,
}) => {
  await paidPremium(page.request, baseURL!)
  type Invoice = { stripeNumber: string; hostedInvoiceUrl: string }
  const [invoice] = (await (await page.request.get('/api/v1/stripe/invoices')).json()) as Invoice[]
  await page.goto(invoice?.hostedInvoiceUrl ?? '')
  await expect(page.getByRole('heading', { name: `Fattura ${invoice?.stripeNumber}` })).toBeVisible()
  const href = await page.getByRole('link', { name: 'Scarica il PDF' }).getAttribute('href')
  const pdf = await page.request.get(href ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  const bytes = (await pdf.body()).toString('latin1')
  expect(bytes.startsWith('%PDF-')).toBe(true)
  expect(bytes).toContain('(pdfmake)')
  // The document's title (UTF-16 in the PDF: its NUL bytes dropped) is the invoice's number.
  expect(bytes.replaceAll('\u0000', '')).toContain(`Fattura ${invoice?.stripeNumber}`)
})

test('a subscriber downloads a numbered invoice PDF with their codice fiscale and the seller’s P.IVA', async ({
  page,
  baseURL,
}) => {
  await paidPremium(page.request, baseURL!)
  // The number is given when the invoice.paid event is processed.
  await expect
    .poll(async () => {
      const listed = (await (await page.request.get('/api/v1/stripe/invoices')).json()) as {
        invoicePdf: string | null
      }[]
      return listed.some((invoice) => invoice.invoicePdf !== null)
    })
    .toBe(true)
  await page.goto('/v2/profilo/fatturazione')
  const row = page.getByTestId('fatture').locator('tbody tr').first()
  // The portal's progressive number of the year, not Stripe's.
  await expect(row.getByRole('rowheader')).toHaveText(/^\d+\/\d{4}$/)
  const number = (await row.getByRole('rowheader').textContent()) ?? ''
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /Scarica PDF/ }).click(),
  ])
  const [sequence, year] = number.split('/')
  expect(download.suggestedFilename()).toBe(`fattura-${year}-${(sequence ?? '').padStart(6, '0')}.pdf`)
  const file = await readFile((await download.path()) ?? '')
  expect(file.subarray(0, 5).toString()).toBe('%PDF-')
  const text = pdfText(file)
  expect(text).toContain(`Fattura n. ${number}`)
  expect(text).toContain(`Codice fiscale ${billing.fiscalcode}`)
  expect(text).toContain('Codice destinatario: 0000000')
  expect(text).toContain('P.IVA 12345670017')
  expect(text).toMatch(/IVA 22 % \d+,\d\d €/)
})

test('an administrator sees and edits the seller’s data for the invoices in /admin, in Italian', async ({
  page,
}) => {
  await adminLogin(page, 'admin@demo.local')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin/globals/seller-settings')
  await expect(page.getByRole('heading', { name: 'Dati del venditore' })).toBeVisible()
  const problems = page.getByTestId('seller-problems')
  await expect(problems).toContainText('I dati del venditore sono completi')
  for (const label of [
    'Ragione sociale',
    'Partita IVA',
    'Codice fiscale',
    'CAP',
    'Città',
    'PEC',
    'Numero REA',
  ])
    await expect(page.getByLabel(label, { exact: false }).first()).toBeVisible()
  await expect(page.getByText('Regime fiscale').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/admin-dati-venditore-1280.png', fullPage: true })

  // A partita IVA with a wrong check digit is named at once, and not saved.
  const vat = page.locator('#field-vatNumber')
  await vat.fill('12345670018')
  await expect(problems).toContainText('Partita IVA non valida: servono 11 cifre')
  await page.screenshot({ path: 'test-results/screens/admin-dati-venditore-errore-1280.png', fullPage: true })
  await vat.fill('12345670017')
  await expect(problems).toContainText('I dati del venditore sono completi')

  // An edit is saved and read back.
  const capital = page.locator('#field-shareCapital')
  await capital.fill('20.000,00 € i.v.')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText(/aggiornat/i).first()).toBeVisible()
  await page.reload()
  await expect(page.locator('#field-shareCapital')).toHaveValue('20.000,00 € i.v.')
  await page.locator('#field-shareCapital').fill('10.000,00 € i.v.')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText(/aggiornat/i).first()).toBeVisible()
})

test('administrators see subscribers, subscriptions, cards and invoices in /admin', async ({ page }) => {
  await adminLogin(page, 'admin@demo.local')
  // The navigation (collapsed at this width) links the view.
  await expect(page.locator('a[href="/admin/abbonamenti"]')).toHaveCount(1)
  await page.goto('/admin/abbonamenti')
  await expect(page.getByRole('heading', { name: 'Abbonamenti e pagamenti' })).toBeVisible()
  const studio = page.getByRole('row').filter({ hasText: 'studio@demo.local' })
  await expect(studio).toContainText('Professional Studio Annuale')
  await expect(studio).toContainText('Attivo')
  await expect(studio).toContainText('visa •••• 4242')
  await page.screenshot({ path: 'test-results/admin-abbonati.png', fullPage: true })
  await page.getByPlaceholder('Cerca per email, nome o codice Stripe').fill('premium@demo.local')
  await page.getByRole('button', { name: 'Cerca' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'professional@demo.local' })).toHaveCount(0)
  const premium = page.getByRole('row').filter({ hasText: 'premium@demo.local' })
  await premium.getByRole('link', { name: /^\d+$/ }).click()
  await expect(page.getByRole('heading', { name: 'Fatture di premium@demo.local' })).toBeVisible()
  const activation = page.getByRole('row').filter({ hasText: 'Attivazione' }).first()
  await expect(activation).toContainText('Pagata')
  // The operators download the portal's numbered invoice, the one the subscriber downloads.
  const download = activation.getByRole('link', { name: 'Scarica' })
  const href = (await download.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/cms\/api\/fatture\/[^/]+\/pdf$/)
  // Fetched by the admin's page itself: its session cookie is Secure, which only the browser sends to 127.0.0.1.
  const pdf = await page.evaluate(async (address) => {
    const response = await fetch(address)
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bytes: [...new Uint8Array(await response.arrayBuffer())],
    }
  }, href)
  expect(pdf.status).toBe(200)
  expect(pdf.type).toBe('application/pdf')
  expect(pdf.disposition).toMatch(/^attachment; filename="fattura-\d{4}-\d{6}\.pdf"$/)
  expect(pdfText(new Uint8Array(pdf.bytes))).toContain('premium@demo.local')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: 'test-results/admin-abbonamenti.png', fullPage: true })
})

test('editors do not see subscriptions and payments', async ({ page }) => {
  await adminLogin(page, 'redazione@demo.local')
  // The invoices' PDF for operators: refused before any lookup.
  const refused = await page.evaluate(async () => {
    const response = await fetch('/cms/api/fatture/in_qualsiasi/pdf')
    return { status: response.status, body: (await response.json()) as { error: { message: string } } }
  })
  expect(refused.status).toBe(403)
  expect(refused.body.error.message).toBe(
    'Solo gli amministratori possono consultare abbonamenti e pagamenti.',
  )
  await expect(page.locator('a[href="/admin/abbonamenti"]')).toHaveCount(0)
  await page.goto('/admin/abbonamenti')
  await expect(
    page.getByText('Solo gli amministratori possono consultare abbonamenti e pagamenti.'),
  ).toBeVisible()
  await expect(page.getByText('premium@demo.local')).toHaveCount(0)
})
