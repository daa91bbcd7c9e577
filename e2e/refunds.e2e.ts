/**
 * Refunds in the browser: an administrator refunds part of a subscriber's
 * invoice from /admin/abbonamenti, then the rest; the subscriber finds the
 * credit notes in Profilo › Fatturazione with their PDF and XML. Editors
 * cannot refund. Screenshots at 1280 and 375 px go to test-results/screens.
 */
import { readFile } from 'node:fs/promises'
import { adminLogin, expect, screens, test } from './helpers.ts'
import { newSubscriber } from './subscribers.ts'

type Listed = { id: string; number: string | null; creditNoteOf: string | null; invoiceXml: string | null }

test('an administrator refunds an invoice in two parts and the subscriber downloads the credit notes', async ({
  page,
}) => {
  const request = page.request
  const subscriber = await newSubscriber(request, 'premium_monthly')
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/v1/stripe/invoices')).json()) as Listed[]).some((entry) =>
          entry.number?.includes('/'),
        ),
      { timeout: 15_000 },
    )
    .toBe(true)
  const invoices = (await (await request.get('/api/v1/stripe/invoices')).json()) as Listed[]
  const invoice = invoices.find((entry) => entry.number?.includes('/'))

  await adminLogin(page, 'admin@demo.local')
  await page.goto(`/admin/abbonamenti?cliente=${encodeURIComponent(subscriber.customerId)}`)
  const row = () =>
    page
      .getByRole('row')
      .filter({ hasText: invoice?.number ?? '-' })
      .first()
  await row().getByText('Rimborsa', { exact: true }).click()
  const form = row().getByRole('form', { name: `Rimborso della fattura ${invoice?.number}` })
  await form.getByLabel('Importo da rimborsare (€)').fill('2,00')
  await form.getByLabel('Motivo').selectOption('requested_by_customer')
  await form.getByLabel('Annotazione (facoltativa)').fill('Disservizio')
  await screens(page, 'admin-fatture-rimborso')
  await form.getByRole('button', { name: 'Conferma il rimborso' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Rimborso eseguito' })).toBeVisible()
  await expect
    .poll(async () => (await page.reload(), await row().textContent()), { timeout: 15_000 })
    .toContain('Rimborsati 2,00')
  await expect(row()).toContainText('Note di credito:')

  // More than what is left: refused with the amount left.
  await row().getByText('Rimborsa', { exact: true }).click()
  await row().getByLabel('Importo da rimborsare (€)').fill('999')
  await row().getByRole('button', { name: 'Conferma il rimborso' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'L’importo supera quanto resta da rimborsare' }),
  ).toBeVisible()
  // The rest, by default.
  await row().getByText('Rimborsa', { exact: true }).click()
  await row().getByRole('button', { name: 'Conferma il rimborso' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Rimborso eseguito' })).toBeVisible()
  await expect
    .poll(async () => (await page.reload(), await row().textContent()), { timeout: 15_000 })
    .toMatch(/Note di credito: \d+\/\d{4}, \d+\/\d{4}/)
  await expect(row().getByText('Rimborsa', { exact: true })).toHaveCount(0)
  await screens(page, 'admin-fatture-rimborsata')

  // The subscriber's list: the two credit notes, their PDF and, once the SDI job has run, their XML.
  expect((await request.post('/dev/sdi/invia')).status()).toBe(200)
  await page.goto('/v2/profilo/fatturazione')
  const notes = page
    .getByTestId('fatture')
    .locator('tbody tr')
    .filter({ hasText: `Nota di credito · fattura ${invoice?.number}` })
  await expect(notes).toHaveCount(2)
  const first = notes.last()
  await expect(first).toContainText('Emessa')
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('link', { name: /^Scarica PDF della nota di credito / }).click(),
  ])
  expect(pdf.suggestedFilename()).toMatch(/^nota-di-credito-\d{4}-\d{6}\.pdf$/)
  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('link', { name: /^Scarica XML della nota di credito / }).click(),
  ])
  const text = await readFile((await xml.path()) ?? '', 'utf8')
  expect(text).toContain('<TipoDocumento>TD04</TipoDocumento>')
  expect(text).toContain(`<IdDocumento>${invoice?.number}</IdDocumento>`)
  await screens(page, 'profilo-fatturazione-note-di-credito')
})

test('editors cannot refund invoices', async ({ page }) => {
  await adminLogin(page, 'redazione@demo.local')
  const refused = await page.evaluate(async () => {
    const response = await fetch('/cms/api/fatture/in_qualsiasi/rimborsa', { method: 'POST' })
    return { status: response.status, body: (await response.json()) as { error: { message: string } } }
  })
  expect(refused.status).toBe(403)
  expect(refused.body.error.message).toBe(
    'Solo gli amministratori possono consultare abbonamenti e pagamenti.',
  )
})
