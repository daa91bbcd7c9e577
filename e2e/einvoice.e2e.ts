/**
 * The electronic invoice in the browser: after a purchase the local SDI
 * intermediary receives the FatturaPA file, and the subscriber downloads it
 * from Profilo › Fatturazione next to the PDF. Screenshots at 1280 and 375 px
 * go to test-results/screens.
 */
import { readFile } from 'node:fs/promises'
import { expect, screens, test } from './helpers.ts'
import { newSubscriber } from './subscribers.ts'

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
