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
import { expect, test, adminLogin } from './helpers.ts'
import {
  accessKind,
  confirmWithCard,
  newConfirmedAccount,
  startCheckout,
  testBilling,
} from './subscribers.ts'

/**
 * A fresh account (address confirmed) with an incomplete subscription to
 * `lookupKey`, its payment confirmed with `card` on the emulator; the
 * challenge page returns to /profilo.
 */
async function checkoutWithCard(
  request: APIRequestContext,
  baseURL: string,
  lookupKey: string,
  card: string,
) {
  await newConfirmedAccount(request, 'acquisto')
  const { clientSecret } = await startCheckout(request, lookupKey)
  return confirmWithCard(request, clientSecret, card, `${baseURL}/profilo`)
}

/** A new subscriber who paid Premium monthly with the test Visa card. */
async function paidPremium(request: APIRequestContext, baseURL: string) {
  const confirmed = await checkoutWithCard(request, baseURL, 'premium_monthly', 'pm_card_visa')
  expect(confirmed.status).toBe('succeeded')
  await expect.poll(() => accessKind(request)).toBe('premium')
}

test('a card that needs authentication pays after Completa on the challenge page', async ({
  page,
  baseURL,
}) => {
  const confirmed = await checkoutWithCard(
    page.request,
    baseURL!,
    'premium_monthly',
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
  await expect.poll(() => accessKind(page.request), { timeout: 10_000 }).toBe('premium')
})

test('Rifiuta on the challenge page fails the payment and leaves no subscription', async ({
  page,
  baseURL,
}) => {
  const confirmed = await checkoutWithCard(
    page.request,
    baseURL!,
    'professional_monthly',
    'pm_card_authenticationRequired',
  )
  await page.goto(confirmed.next_action?.redirect_to_url?.url ?? '')
  await page.getByRole('button', { name: 'Rifiuta' }).click()
  await expect(page).toHaveURL(/redirect_status=failed/)
  expect(await accessKind(page.request)).toBe('trial')
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
  // (The cell also holds, under the number, the invoice a credit note corrects: white space around it.)
  await expect(row.getByRole('rowheader')).toHaveText(/^\s*\d+\/\d{4}\s*$/)
  const number = ((await row.getByRole('rowheader').textContent()) ?? '').trim()
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
  expect(text).toContain(`Codice fiscale ${testBilling.fiscalcode}`)
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
