/**
 * The subscriber's billing area in the browser (/v2/profilo abbonamento and
 * fatturazione, /gestione-abbonamento): plan change up (charged at once) and
 * down (at the period end, shown under 'In futuro'), the same-plan refusal,
 * auto-renewal off and on with the confirmation checkbox, invoices and their
 * PDF, the billing data edit, the card replacement, the test clock's renewal
 * and a renewal refused by the card (banner, access kept). Each test makes its
 * own subscriber. Screenshots at 1280 and 375 px go to test-results/screens.
 */
import { readFile } from 'node:fs/promises'
import { type Page } from '@playwright/test'
import { pdfText } from '../tests/pdf-text.ts'
import { expect, test, adminLogin, expectAccessible, islandsHydrated, signUpForTrial } from './helpers.ts'
import { accessKind, newSubscriber } from './subscribers.ts'

type Invoice = { paid: boolean; total: number; number: string; invoicePdf: string | null }

async function invoices(page: Page): Promise<Invoice[]> {
  return (await (await page.request.get('/api/v1/stripe/invoices')).json()) as Invoice[]
}

/** Replaces the card in the Fatturazione tab through the 'Modalità di prova' form. */
async function replaceCard(page: Page, number: string) {
  const section = page.locator('#metodo-pagamento')
  await section.getByRole('button', { name: 'Sostituisci carta' }).click()
  await section.getByLabel('Titolare della carta').fill('Elena Prova')
  await section.getByLabel('Numero della carta').fill(number)
  await section.getByLabel('Scadenza (MM/AA)').fill('12/34')
  await section.getByLabel('CVC').fill('123')
  await section.getByRole('button', { name: 'Salva carta' }).click()
  await expect(section.getByText('Il metodo di pagamento è stato aggiornato correttamente.')).toBeVisible()
}

async function screens(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('upgrade from Premium monthly to Professional: charged at once, the new plan shown after the reload', async ({
  page,
}) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/abbonamento?changeSubscription=true&to=professional')
  await expect(page.getByTestId('piano-attuale')).toHaveText('Premium')
  const change = page.getByTestId('cambio-abbonamento')
  await expect(change.getByRole('radio', { name: 'Professional' })).toBeChecked()
  await expect(change.getByRole('radio', { name: 'Mensile' })).toBeChecked()
  // §9's price of the plan chosen, VAT included.
  await expect(change.getByTestId('piano-scelto')).toContainText('19,99 €')
  await change.getByRole('button', { name: 'Calcola differenza' }).click()
  const due = change.getByTestId('differenza')
  await expect(due).toContainText('€')
  // Premium bought at the launch price, 4,99 €, and changed the same day: 4,99 € back (what was paid,
  // not the list price 9,99 €); a month of Professional, 19,99 €, with its launch discount of 10,00 €
  // (this customer never had it): 19,99 − 10,00 − 4,99 = 5,00 € to pay.
  const lines = change.getByTestId('anteprima-cambio').locator('tbody tr')
  await expect(lines).toHaveCount(3)
  await expect(lines.nth(0)).toContainText(
    /Tempo non utilizzato di Premium dal \d{2}\/\d{2}\/\d{4}\s*-4,99\s€/,
  )
  await expect(lines.nth(1)).toContainText(/Abbonamento Professional\s*19,99\s€/)
  await expect(lines.nth(2)).toContainText(/Sconto di lancio sul primo periodo di Professional\s*-10,00\s€/)
  await expect(due).toHaveText(/^5,00\s€$/)
  await screens(page, 'cambio-piano-anteprima')
  const shownDue = (await due.textContent())?.replace(/\s+/g, ' ')
  const before = (await invoices(page)).length
  await change.getByRole('button', { name: 'Conferma e paga' }).click()
  await expect(change.getByText('Il tuo abbonamento è stato aggiornato.')).toBeVisible()
  await expect(page.getByTestId('piano-attuale')).toHaveText('Professional', { timeout: 15_000 })
  expect(await accessKind(page.request)).toBe('professional')
  await expect.poll(async () => (await invoices(page)).length).toBe(before + 1)
  const after = await invoices(page)
  expect(after[0]?.paid).toBe(true)
  expect(after[0]?.total).toBeGreaterThan(0)
  // What the preview showed is what the card paid.
  expect(shownDue).toBe(`${((after[0]?.total ?? 0) / 100).toFixed(2).replace('.', ',')} €`)
  // The invoice says the same: the credit of what was paid, the month of Professional, its discount.
  await expect
    .poll(async () => (await invoices(page))[0]?.invoicePdf ?? null, { timeout: 15_000 })
    .not.toBeNull()
  const pdf = await page.request.get((await invoices(page))[0]?.invoicePdf ?? '')
  const text = pdfText(Buffer.from(await pdf.body())).replace(/\s+/g, ' ')
  expect(text).toMatch(/Tempo non utilizzato di Premium dal \d{2}\/\d{2}\/\d{4}.*-4,99 €/)
  expect(text).toMatch(/Abbonamento Professional.*19,99 €/)
  expect(text).toMatch(/Sconto\s*-10,00 €/)
  expect(text).toMatch(/Totale fattura\s*5,00 €/)
})

test('downgrade from Professional to Premium applies at the period end and shows under In futuro', async ({
  page,
}) => {
  await newSubscriber(page.request, 'professional_monthly')
  await page.goto('/v2/profilo/abbonamento')
  await page.getByRole('button', { name: 'Cambia abbonamento' }).click()
  const change = page.getByTestId('cambio-abbonamento')
  await change.getByRole('radio', { name: 'Premium' }).check()
  await change.getByRole('button', { name: 'Calcola differenza' }).click()
  await expect(change.getByTestId('anteprima-cambio')).toContainText('Nessun addebito ora')
  const periodEnd = (await page.getByTestId('prossimo-rinnovo').textContent())?.trim() ?? ''
  await change.getByRole('button', { name: 'Conferma e paga' }).click()
  await expect(change.getByText(`Il cambio di abbonamento avrà effetto dal ${periodEnd}.`)).toBeVisible()
  await expect(page.getByTestId('cambio-programmato')).toHaveText(`Premium dal ${periodEnd}`, {
    timeout: 15_000,
  })
  await expect(page.getByTestId('in-futuro')).toContainText('In futuro')
  await expect(page.getByTestId('piano-attuale')).toHaveText('Professional')
  expect(await accessKind(page.request)).toBe('professional')
})

test('choosing the current plan is refused with the validation message', async ({ page }) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/abbonamento?changeSubscription=true')
  const change = page.getByTestId('cambio-abbonamento')
  await expect(change.getByTestId('piano-scelto')).toContainText('piano attuale')
  await change.getByRole('button', { name: 'Calcola differenza' }).click()
  await expect(
    change.getByText('Errore durante la convalida: è già in corso un abbonamento di questo tipo.'),
  ).toBeVisible()
  await expect(change.getByRole('button', { name: 'Conferma e paga' })).toHaveCount(0)
})

test('auto-renewal off and on, each after the confirmation checkbox', async ({ page }) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/abbonamento')
  const renewal = page.getByTestId('rinnovo')
  await expect(renewal.getByTestId('stato-rinnovo')).toHaveText('attivo')
  await expect(page.getByTestId('in-futuro')).toBeVisible()
  await screens(page, 'profilo-abbonamento')
  const off = renewal.getByRole('button', { name: 'Disattiva rinnovo automatico' })
  await expect(off).toBeDisabled()
  await renewal.getByRole('checkbox').check()
  await off.click()
  await expect(renewal.getByText('Rinnovo automatico disattivato.')).toBeVisible()
  await expect(renewal.getByTestId('stato-rinnovo')).toHaveText('disattivo', { timeout: 15_000 })
  await expect(page.getByTestId('in-futuro')).toHaveCount(0)
  await expect(renewal.getByText(/L'abbonamento termina il \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
  const on = renewal.getByRole('button', { name: 'Riattiva rinnovo automatico' })
  await expect(on).toBeDisabled()
  await renewal.getByRole('checkbox').check()
  await on.click()
  await expect(renewal.getByTestId('stato-rinnovo')).toHaveText('attivo', { timeout: 15_000 })
  await expect(page.getByTestId('in-futuro')).toBeVisible()
})

test('invoices list with number, date, amount and paid state, and a PDF that downloads', async ({ page }) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/fatturazione')
  const row = page.getByTestId('fatture').locator('tbody tr').first()
  const [first] = await invoices(page)
  await expect(row).toContainText(first?.number ?? 'numero')
  await expect(row).toContainText('4,99 €')
  await expect(row).toContainText('Pagata')
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^Scarica PDF della fattura / }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const file = await readFile((await download.path()) ?? '')
  expect(file.subarray(0, 5).toString()).toBe('%PDF-')
  await screens(page, 'profilo-fatturazione')
  // Every link and button of the profile and billing pages: names that contain their visible text.
  for (const path of [
    '/v2/profilo/fatturazione',
    '/v2/profilo',
    '/v2/profilo/abbonamento',
    '/gestione-abbonamento',
    '/gestione-abbonamento/aggiorna',
    '/gestione-abbonamento/modifica-fatturazione',
  ]) {
    await page.goto(path)
    await expectAccessible(page)
  }
})

test('billing data edit: a validation error, then a saved change', async ({ page }) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/fatturazione#dati-fatturazione')
  const section = page.locator('#dati-fatturazione')
  await expect(section.getByTestId('fatturazione-intestatario')).toHaveText('Elena Prova')
  await section.getByRole('button', { name: 'Modifica dati di fatturazione' }).click()
  await section.getByLabel('CAP').fill('123')
  await section.getByRole('button', { name: 'Salva i dati di fatturazione' }).click()
  await expect(section.getByText('Il CAP deve essere di cinque cifre.')).toBeVisible()
  await section.getByLabel('CAP').fill('20121')
  await section.getByLabel('Città').fill('Milano')
  await section.getByLabel('Indirizzo').fill('Corso Buenos Aires 5')
  await section.getByLabel('Provincia').fill('MI')
  await section.getByRole('button', { name: 'Salva i dati di fatturazione' }).click()
  await expect(
    section.getByText("L'indirizzo di fatturazione è stato aggiornato correttamente."),
  ).toBeVisible()
  await expect(section.getByTestId('fatturazione-indirizzo')).toContainText(
    'Corso Buenos Aires 5, 20121 Milano',
  )
  await page.reload()
  await expect(section.getByTestId('fatturazione-indirizzo')).toContainText('20121 Milano (MI)')
})

test('the card is replaced with a new test card and shown with its brand and last four digits', async ({
  page,
}) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/fatturazione#metodo-pagamento')
  const section = page.locator('#metodo-pagamento')
  await expect(section.getByTestId('carta-salvata')).toContainText('Visa')
  await expect(section.getByTestId('carta-ultime-cifre')).toHaveText('4242')
  await section.getByRole('button', { name: 'Sostituisci carta' }).click()
  await expect(section.getByText('Modalità di prova')).toBeVisible()
  await screens(page, 'carta-sostituzione')
  await section.getByLabel('Titolare della carta').fill('Elena Prova')
  await section.getByLabel('Numero della carta').fill('4000 0000 0000 0002')
  await section.getByLabel('Scadenza (MM/AA)').fill('12/34')
  await section.getByLabel('CVC').fill('123')
  await section.getByRole('button', { name: 'Salva carta' }).click()
  await expect(section.getByText("Errore durante l'aggiornamento del metodo di pagamento.")).toBeVisible()
  await section.getByLabel('Numero della carta').fill('5555 5555 5555 4444')
  await section.getByRole('button', { name: 'Salva carta' }).click()
  await expect(section.getByText('Il metodo di pagamento è stato aggiornato correttamente.')).toBeVisible()
  await expect(section.getByTestId('carta-ultime-cifre')).toHaveText('4444')
  await expect(section.getByRole('img', { name: 'Mastercard' })).toBeVisible()
  await page.reload()
  await expect(section.getByTestId('carta-salvata')).toContainText('Mastercard')
})

test('a replacement card keeps its expiry as entered (12/30 shows scade 12/2030, in /admin too); refused cards say why', async ({
  page,
}) => {
  const { email } = await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/v2/profilo/fatturazione#metodo-pagamento')
  await islandsHydrated(page)
  const section = page.locator('#metodo-pagamento')
  await section.getByRole('button', { name: 'Sostituisci carta' }).click()
  await section.getByLabel('Titolare della carta').fill('Elena Prova')
  await section.getByLabel('Scadenza (MM/AA)').fill('12/30')
  await section.getByLabel('CVC').fill('123')
  for (const [number, reason] of [
    ['4000 0000 0000 9995', 'La banca ha rifiutato la carta per fondi insufficienti.'],
    ['4000 0000 0000 0069', 'La banca ha rifiutato la carta perché è scaduta.'],
    [
      '4000 0000 0000 0127',
      'La banca ha rifiutato la carta perché il codice di sicurezza (CVC) non è corretto.',
    ],
  ] as const) {
    await section.getByLabel('Numero della carta').fill(number)
    await section.getByRole('button', { name: 'Salva carta' }).click()
    await expect(
      section.getByText(`Errore durante l'aggiornamento del metodo di pagamento. ${reason}`),
    ).toBeVisible()
  }
  await expect(section.getByTestId('carta-ultime-cifre')).toHaveText('4242')
  await screens(page, 'carta-sostituzione-rifiutata')
  await section.getByLabel('Numero della carta').fill('5555 5555 5555 4444')
  await section.getByRole('button', { name: 'Salva carta' }).click()
  await expect(section.getByText('Il metodo di pagamento è stato aggiornato correttamente.')).toBeVisible()
  await expect(section.getByTestId('carta-salvata')).toContainText('scade 12/2030')
  await page.reload()
  await expect(section.getByTestId('carta-salvata')).toContainText('Mastercard')
  await expect(section.getByTestId('carta-salvata')).toContainText('scade 12/2030')

  await adminLogin(page, 'admin@demo.local')
  await page.goto(`/admin/abbonamenti?q=${encodeURIComponent(email)}`)
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(
    'mastercard •••• 4444 · scade 12/2030',
  )
})

test('after 31 days on the test clock a monthly subscription lists a second paid invoice', async ({
  page,
}) => {
  await newSubscriber(page.request, 'premium_monthly')
  expect((await page.request.post('/dev/stripe/advance?days=31')).status()).toBe(200)
  await expect.poll(async () => (await invoices(page)).filter((invoice) => invoice.paid).length).toBe(2)
  await page.goto('/v2/profilo/fatturazione')
  const rows = page.getByTestId('fatture').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('9,99 €')
  await expect(rows.nth(0)).toContainText('Pagata')
  await expect(rows.nth(1)).toContainText('4,99 €')
})

test('a renewal the card refuses shows the update-card banner while access stays; a new card settles it', async ({
  page,
}) => {
  await newSubscriber(page.request, 'premium_monthly')
  // A card that attaches but refuses every later charge (4000 0000 0000 0341).
  await page.goto('/v2/profilo/fatturazione#metodo-pagamento')
  await replaceCard(page, '4000 0000 0000 0341')
  await expect(page.getByTestId('carta-ultime-cifre')).toHaveText('0341')
  expect((await page.request.post('/dev/stripe/advance?days=31')).status()).toBe(200)
  await expect
    .poll(async () => {
      const state = (await (await page.request.get('/api/v1/abbonamenti')).json()) as {
        subscription: { status: string } | null
      }
      return state.subscription?.status
    })
    .toBe('past_due')
  expect(await accessKind(page.request)).toBe('premium')
  await page.goto('/bancadati')
  const banner = page.getByTestId('avviso-pagamento')
  await expect(banner).toContainText('Il pagamento del rinnovo non è andato a buon fine')
  await screens(page, 'banner-pagamento')
  await banner.getByRole('link', { name: 'Aggiorna la carta' }).click()
  await expect(page).toHaveURL(/\/v2\/profilo\/fatturazione#metodo-pagamento$/)
  await replaceCard(page, '4242 4242 4242 4242')
  await expect(page.getByTestId('avviso-pagamento')).toHaveCount(0, { timeout: 15_000 })
  expect(await accessKind(page.request)).toBe('premium')
})

test('the /gestione-abbonamento pages: subscription, plan change and billing', async ({ page }) => {
  await newSubscriber(page.request, 'premium_monthly')
  await page.goto('/gestione-abbonamento')
  await expect(page.getByRole('heading', { name: 'Gestione abbonamento', level: 1 })).toBeVisible()
  await expect(page.getByTestId('piano-attuale')).toHaveText('Premium')
  await screens(page, 'gestione-abbonamento')
  await page.getByRole('link', { name: /Cambia abbonamento/ }).click()
  await expect(page).toHaveURL(/\/gestione-abbonamento\/aggiorna$/)
  await expect(page.getByRole('button', { name: 'Calcola differenza' })).toBeVisible()
  await screens(page, 'gestione-abbonamento-aggiorna')
  await page.goto('/gestione-abbonamento/modifica-fatturazione')
  await expect(page.getByTestId('fatturazione-intestatario')).toHaveText('Elena Prova')
  await expect(page.getByTestId('carta-ultime-cifre')).toHaveText('4242')
  await screens(page, 'gestione-abbonamento-modifica-fatturazione')
})

test('an account without a subscription is told so on both tabs and on /gestione-abbonamento', async ({
  page,
}) => {
  await signUpForTrial(page.request, `senza-${Date.now()}@esempio.it`, { nome: 'Luca', cognome: 'Senza' })
  for (const path of ['/v2/profilo/abbonamento', '/v2/profilo/fatturazione', '/gestione-abbonamento']) {
    await page.goto(path)
    await expect(page.getByTestId('nessun-abbonamento')).toHaveText(
      'Non hai ancora sottoscritto un abbonamento!',
    )
  }
  await screens(page, 'gestione-abbonamento-vuota')
})

test('operators open a subscriber from the payments view and see subscription, card and invoices', async ({
  page,
}) => {
  await adminLogin(page, 'admin@demo.local')
  await page.goto('/admin/abbonamenti?q=premium%40demo.local')
  const row = page.getByRole('row').filter({ hasText: 'premium@demo.local' })
  await row.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/admin\/abbonati\?id=/)
  await expect(page.getByRole('heading', { name: 'premium@demo.local' })).toBeVisible()
  const billing = page.getByLabel('Abbonamenti e pagamenti')
  await expect(billing).toContainText('Premium')
  await expect(billing).toContainText('visa •••• 4242')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: 'test-results/screens/admin-abbonato.png', fullPage: true })
  await page.getByRole('link', { name: /^Fatture \(\d+\)$/ }).click()
  await expect(page.getByRole('heading', { name: 'Fatture di premium@demo.local' })).toBeVisible()
})
