/**
 * The electronic invoice in the browser: after a purchase the local SDI
 * intermediary receives the FatturaPA file, and the subscriber downloads it
 * from Profilo › Fatturazione next to the PDF; an administrator sees a
 * rejected one in /admin/abbonamenti and resends it once corrected.
 * Screenshots at 1280 and 375 px go to test-results/screens.
 */
import { readFile } from 'node:fs/promises'
import type { APIRequestContext } from '@playwright/test'
import { adminLogin, expect, screens, test } from './helpers.ts'
import { confirmWithCard, newConfirmedAccount, newSubscriber, testBilling } from './subscribers.ts'

test('a subscriber downloads the FatturaPA XML of a paid invoice from Profilo › Fatturazione', async ({
  page,
}) => {
  await newSubscriber(page.request, 'premium_monthly')
  // The SDI job's run now (it runs every minute): the file is built and sent to the local intermediary.
  const run = await page.request.post('/dev/sdi/invia')
  expect(run.status()).toBe(200)
  const listed = (await (await page.request.get('/api/v1/stripe/invoices')).json()) as {
    number: string
    invoiceXml: string | null
  }[]
  const invoice = listed.find((candidate) => candidate.invoiceXml)
  expect(invoice?.invoiceXml).toMatch(/^\/api\/v1\/stripe\/invoices\/[^/]+\/xml$/)

  await page.goto('/v2/profilo/fatturazione')
  const row = page
    .getByTestId('fatture')
    .locator('tbody tr')
    .filter({ hasText: invoice?.number ?? '-' })
  await expect(row.getByRole('link', { name: /^Scarica PDF della fattura / })).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `Scarica XML della fattura elettronica ${invoice?.number}` }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^IT[A-Z0-9]{11,16}_[A-Z0-9]{5}\.xml$/)
  const xml = await readFile((await download.path()) ?? '', 'utf8')
  expect(xml).toContain('<p:FatturaElettronica versione="FPR12"')
  expect(xml).toContain(`<Numero>${invoice?.number}</Numero>`)
  expect(xml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>')
  await screens(page, 'profilo-fatturazione-xml')

  // Without a session the same address answers 401.
  const refused = await fetch(new URL(invoice?.invoiceXml ?? '', page.url()))
  expect(refused.status).toBe(401)
})

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

/** A business's purchase of Premium monthly with this codice univoco, paid by card; its customer id once the invoice is issued. */
async function businessPurchase(request: APIRequestContext, name: string, uniqueCode: string) {
  const business = { ...testBilling, name, fiscalcode: '01234560017' }
  const customer = await json<{ id: string }>(
    await request.post('/api/v1/stripe/customer/create', { data: { ...business, uniquecode: uniqueCode } }),
  )
  const prices = await json<{ id: string; lookupKey: string }[]>(await request.get('/api/v1/stripe/prices'))
  const price = prices.find((candidate) => candidate.lookupKey === 'premium_monthly')
  const created = await json<{ clientSecret: string }>(
    await request.post('/api/v1/stripe/subscription/create', {
      data: { priceId: price?.id, customerId: customer.id },
    }),
  )
  expect((await confirmWithCard(request, created.clientSecret, 'pm_card_visa')).status).toBe('succeeded')
  await expect
    .poll(
      async () =>
        (await json<{ invoicePdf: string | null }[]>(await request.get('/api/v1/stripe/invoices'))).some(
          (invoice) => invoice.invoicePdf,
        ),
      { timeout: 15_000 },
    )
    .toBe(true)
  return { customerId: customer.id, business }
}

/** The subscriber corrects the codice univoco in Profilo › Fatturazione. */
async function correctUniqueCode(
  request: APIRequestContext,
  customerId: string,
  business: typeof testBilling,
  uniqueCode: string,
) {
  await json(
    await request.patch(`/api/v1/stripe/customer/update-customer-address/${customerId}`, {
      data: {
        name: business.name,
        address: business.address,
        province: business.province,
        zipCode: business.zipCode,
        phone: business.phone,
        city: business.city,
        state: 'IT',
        fiscalCode: business.fiscalcode,
        uniqueCode,
      },
    }),
  )
}

test('an administrator sees an invoice SDI rejected and resends it after the correction', async ({
  page,
}) => {
  const request = page.request
  await newConfirmedAccount(request, 'scartata')
  // A business whose codice destinatario SDI does not know (the local intermediary's test code).
  const { customerId, business } = await businessPurchase(request, 'Studio Verdi S.r.l.', 'ZZZZZZZ')
  // Sent, then, a moment later, SDI's answer.
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)
  await page.waitForTimeout(5_500)
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)
  // The subscriber corrects the codice destinatario.
  await correctUniqueCode(request, customerId, business, 'M5UXCR1')

  await adminLogin(page, 'admin@demo.local')
  await page.goto(`/admin/abbonamenti?cliente=${encodeURIComponent(customerId)}`)
  const row = page.getByRole('row').filter({ hasText: 'Attivazione' }).first()
  await expect(row).toContainText('Scartata')
  await expect(row).toContainText('00311 · 1.1.4 <CodiceDestinatario> non valido')
  await screens(page, 'admin-fatture-sdi-scartata')
  await row.getByRole('button', { name: 'Reinvia' }).click()
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Fattura rimessa in coda: sarà reinviata a SDI con lo stesso numero.' }),
  ).toBeVisible()
  const again = page.getByRole('row').filter({ hasText: 'Attivazione' }).first()
  await expect(again).toContainText('Da inviare')
  await expect(again.getByRole('button', { name: 'Reinvia' })).toHaveCount(0)
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)
  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: 'Attivazione' }).first()).toContainText('Inviata')
  await screens(page, 'admin-fatture-sdi-reinviata')
})

test('an administrator sees an invoice whose data break the format, with the field named, and retries it once corrected (third attack round)', async ({
  page,
}) => {
  // A purchase, two runs of the SDI job and the admin's pages: more than the default minute on a busy machine.
  test.slow()
  const request = page.request
  await newConfirmedAccount(request, 'da-correggere')
  // A codice destinatario of 6 characters is for the public administration's invoices (FPA12): never FPR12.
  const { customerId, business } = await businessPurchase(request, 'Studio Neri S.r.l.', 'M5UXCR')
  const [invoice] = await json<{ number: string }[]>(await request.get('/api/v1/stripe/invoices'))
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)
  // Another run does not try it again.
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)

  await adminLogin(page, 'admin@demo.local')
  await page.goto('/admin/abbonamenti')
  const flagged = page.getByRole('region', { name: /Fatture elettroniche da correggere/ })
  const entry = flagged.getByRole('row').filter({ hasText: `Fattura ${invoice?.number}` })
  await expect(entry).toContainText(
    'Trasmissione › Codice destinatario (CodiceDestinatario): «M5UXCR» deve avere 7 lettere maiuscole o cifre',
  )
  await screens(page, 'admin-fatture-da-correggere')
  await page.goto(`/admin/abbonamenti?cliente=${encodeURIComponent(customerId)}`)
  const row = page.getByRole('row').filter({ hasText: 'Attivazione' }).first()
  await expect(row).toContainText('Da correggere')
  await expect(row).toContainText('«M5UXCR»')

  // The subscriber corrects the code; the operator presses 'Riprova'.
  await correctUniqueCode(request, customerId, business, 'M5UXCR1')
  await row.getByRole('button', { name: 'Riprova' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Fattura rimessa in coda: il file sarà rifatto' }),
  ).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Attivazione' }).first()).toContainText('Da inviare')
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)
  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: 'Attivazione' }).first()).toContainText('Inviata')
  await page.goto('/admin/abbonamenti')
  await expect(page.getByRole('row').filter({ hasText: `Fattura ${invoice?.number}` })).toHaveCount(0)
})

test('the billing form offers every country by its Italian name and saves its ISO code', async ({ page }) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/fatturazione')
  await page.getByRole('button', { name: 'Modifica dati di fatturazione' }).click()
  const country = page.locator('select[name="state"]')
  await expect(country.locator('option')).toHaveCount(249)
  await expect(country.locator('option').first()).toHaveText('Italia')
  await country.selectOption({ label: 'Germania' })
  await expect(country).toHaveValue('DE')
  // Abroad the tax id is a VAT number and the province is free.
  await page.getByLabel('Partita IVA').fill('DE123456789')
  await page.getByLabel('Provincia, regione o contea').fill('Berlin')
  await page.getByLabel('CAP').fill('10117')
  await page.getByLabel('Città').fill('Berlin')
  await screens(page, 'profilo-fatturazione-paese')
  await page.getByRole('button', { name: 'Salva i dati di fatturazione' }).click()
  await expect(page.getByTestId('fatturazione-indirizzo')).toHaveText(
    'Via Nazionale 10, 10117 Berlin (Berlin), DE',
  )
})

test('editors cannot resend electronic invoices', async ({ page }) => {
  await adminLogin(page, 'redazione@demo.local')
  // Refused before any lookup, as the operators' PDF is.
  const refused = await page.evaluate(async () => {
    const response = await fetch('/cms/api/fatture/in_qualsiasi/reinvia', { method: 'POST' })
    return { status: response.status, body: (await response.json()) as { error: { message: string } } }
  })
  expect(refused.status).toBe(403)
  expect(refused.body.error.message).toBe(
    'Solo gli amministratori possono consultare abbonamenti e pagamenti.',
  )
})
