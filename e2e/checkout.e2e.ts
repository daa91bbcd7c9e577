/**
 * Buying in the browser, on the Stripe emulator: a new visitor signs up and
 * pays each plan from /acquista; a trial user buys through /v2/checkout; a
 * declined card; Stripe's test cards (3-D Secure at every payment, with
 * Completa and Rifiuta, or at the first one; insufficient funds, expired card,
 * wrong CVC) with their Italian reasons; a number failing the Luhn check; the
 * billing form's §5 messages; the 10-second terms notice; the not-eligible
 * profession; the 'già un abbonamento' notice; 'Error' for an unknown plan;
 * the older addresses; screenshots at 1280 and 375 px.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import {
  expect,
  test,
  DEMO_PASSWORD,
  confirmAddress,
  confirmInAnotherTab,
  islandsHydrated,
  login,
  mailTo,
  newTrialAccount,
  screens,
  unique,
} from './helpers.ts'
import { accessKind, newSubscriber } from './subscribers.ts'

type Price = { id: string; productId: string; lookupKey: string }

async function priceOf(request: APIRequestContext, lookupKey: string): Promise<Price> {
  const prices = (await (await request.get('/api/v1/stripe/prices')).json()) as Price[]
  const price = prices.find((candidate) => candidate.lookupKey === lookupKey)
  if (!price) throw new Error(`prezzo ${lookupKey} non trovato`)
  return price
}

async function kind(request: APIRequestContext): Promise<string> {
  const state = (await (await request.get('/api/v1/abbonamenti')).json()) as {
    entitlements: { kind: string }
  }
  return state.entitlements.kind
}

const italian = {
  name: 'Elena Prova',
  fiscalCode: 'rmnlcu80a01h501m',
  address: 'Via Nazionale 10',
  city: 'Roma',
  zipCode: '00184',
  province: 'RM',
  phone: '+39 06 5551234',
}

async function fillBilling(page: Page, values: Partial<typeof italian> = {}) {
  const data = { ...italian, ...values }
  await page.getByLabel('Intestatario della fattura').fill(data.name)
  await page.getByLabel('Codice Fiscale / P.IVA').fill(data.fiscalCode)
  await page.getByRole('textbox', { name: 'Indirizzo', exact: true }).fill(data.address)
  await page.getByLabel('Città').fill(data.city)
  await page.getByLabel('CAP').fill(data.zipCode)
  await page.getByRole('textbox', { name: 'Provincia', exact: true }).fill(data.province)
  await page.getByLabel('Telefono').fill(data.phone)
}

async function fillCard(page: Page, number: string, profession = 'Avvocato') {
  await page.getByLabel('Professione').selectOption({ label: profession })
  await page.getByLabel('Titolare della carta').fill('Elena Prova')
  await page.getByLabel('Numero della carta').fill(number)
  await page.getByLabel('Scadenza (MM/AA)').fill('12/30')
  await page.getByLabel('CVC').fill(number.startsWith('37') ? '1234' : '123')
}

async function acceptTerms(page: Page) {
  await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
  await page.getByRole('checkbox', { name: /artt. 1341 e 1342/ }).check()
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Paga / })
const paymentFailed = 'Il pagamento non è andato a buon fine. Controlla i dati inseriti e riprova.'
const succeeded = 'Pagamento concluso con successo! Verrai reindirizzato al tuo profilo tra pochi secondi.'

/** The request to confirm the address, which the checkout shows instead of its payment step. */
const confirmationPanel = (page: Page) =>
  page.getByRole('region', { name: 'Conferma il tuo indirizzo email per continuare' })

/** A signed-in trial account, its address confirmed, on the checkout of `lookupKey`. */
async function trialOnCheckout(page: Page, lookupKey: string) {
  const email = await newTrialAccount(page.request, 'checkout')
  await confirmAddress(page.request, email)
  const price = await priceOf(page.request, lookupKey)
  await page.goto(`/v2/checkout/${price.productId}/${price.id}`)
  await expect(page.getByRole('heading', { name: 'Completa il tuo abbonamento' })).toBeVisible()
  return { email, price }
}

/** A trial account on the checkout of `lookupKey`, the form filled in with the card `number`, 'Paga' pressed. */
async function payOnCheckout(page: Page, number: string, lookupKey = 'premium_monthly') {
  await trialOnCheckout(page, lookupKey)
  await islandsHydrated(page)
  await fillBilling(page)
  await fillCard(page, number)
  await acceptTerms(page)
  await payButton(page).click()
}

test.describe('a new visitor signs up from /acquista and pays', () => {
  const plans = [
    { plan: 'premium', annual: false, studio: false, name: 'Premium', total: '4,99 €' },
    { plan: 'premium', annual: true, studio: false, name: 'Premium Annuale', total: '49,98 €' },
    { plan: 'professional', annual: false, studio: false, name: 'Professional', total: '9,99 €' },
    { plan: 'professional', annual: true, studio: false, name: 'Professional Annuale', total: '99,99 €' },
    { plan: 'premium', annual: false, studio: true, name: 'Premium Studio', total: '8,49 €' },
  ] as const

  for (const entry of plans) {
    test(`${entry.name}, with 4242 4242 4242 4242`, async ({ page, request }) => {
      const email = `nuovo-${unique()}@esempio.it`
      await page.goto('/acquista')
      if (entry.annual) await page.getByRole('radio', { name: 'Annuale' }).check()
      const card = page.locator(`[data-plan="${entry.plan}"]`)
      if (entry.studio) await card.getByRole('checkbox').check()
      await card.locator('[data-variant]:visible').getByRole('link', { name: 'Abbonati' }).click()

      await expect(page).toHaveURL(/\/v2\/registrati\/[^/]+\/[^/]+$/)
      await expect(page.getByRole('navigation', { name: 'Avanzamento dell’acquisto' })).toContainText(
        'Registrazione',
      )
      await expect(page.locator('[data-product-name]')).toHaveText(entry.name)
      await expect(page.locator('[data-total]')).toHaveText(entry.total)
      await page.getByLabel('Nome', { exact: true }).fill('Marta')
      await page.getByLabel('Cognome').fill('Acquisto')
      await page.getByLabel('Email').fill(email)
      const submit = page.getByRole('button', { name: 'REGISTRATI E CONTINUA' })
      await expect(submit).toBeDisabled()
      await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
      await submit.click()

      await expect(page).toHaveURL(/\/v2\/checkout\/[^/]+\/[^/]+$/)
      // Sign-up before purchase: the welcome mail with the generated password and the confirmation link.
      await mailTo(request, email, 'credenziali')
      await expect(page.locator('[data-product-name]')).toHaveText(entry.name)
      // Until the address is confirmed, the request to confirm it stands where the payment step would be.
      await expect(confirmationPanel(page)).toContainText(email)
      await expect(payButton(page)).toHaveCount(0)
      // The owner opens the mail's link in another tab: the checkout goes on by itself.
      await confirmInAnotherTab(page, email)
      await expect(confirmationPanel(page)).toHaveCount(0, { timeout: 15_000 })
      await expect(page.getByText('Modalità di prova')).toBeVisible()
      await fillBilling(page)
      await fillCard(page, '4242 4242 4242 4242')
      await acceptTerms(page)
      await expect(payButton(page)).toHaveText(`Paga ${entry.total}`)
      await payButton(page).click()
      await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
      await expect(page).toHaveURL(/\/profilo$/, { timeout: 10_000 })
      await expect(page.locator('main')).toContainText(entry.name)
      await expect(page.locator('main')).toContainText('in rinnovo automatico')
      await mailTo(request, email, 'abbonamento')
    })
  }
})

test('a signed-in trial user buys through /v2/checkout and /profilo shows the plan', async ({ page }) => {
  const email = await newTrialAccount(page.request, 'prova-acquisto')
  await confirmAddress(page.request, email)
  await page.goto('/acquista')
  await page
    .locator('[data-plan="professional"] [data-variant]:visible')
    .getByRole('link', { name: 'Abbonati' })
    .click()
  await expect(page).toHaveURL(/\/v2\/checkout\//)
  await expect(page.getByText(`Stai acquistando con l’account ${email}.`)).toBeVisible()
  // The summary's selector re-picks the product: annual, then back to monthly.
  await page.getByRole('radio', { name: 'Annuale' }).check()
  await expect(page.locator('[data-product-name]')).toHaveText('Professional Annuale')
  const annualUrl = page.url()
  await page.getByRole('radio', { name: 'Mensile' }).check()
  await expect(page.locator('[data-product-name]')).toHaveText('Professional')
  expect(page.url()).not.toBe(annualUrl)
  await expect(page.getByRole('link', { name: 'Confronta tutti gli abbonamenti' })).toHaveAttribute(
    'href',
    '/acquista',
  )
  // The price VAT included, then net, VAT and total as Stripe's invoice preview says.
  const summary = page.locator('[data-plan-summary]')
  await expect(summary).toContainText('19,99 € IVA inclusa')
  const price = await priceOf(page.request, 'professional_monthly')
  const preview = (await (await page.request.get(`/api/v1/stripe/checkout-preview/${price.id}`)).json()) as {
    net: number
    vat: number
    total: number
  }
  expect(preview).toMatchObject({ net: 819, vat: 180, total: 999 })
  expect(preview.net + preview.vat).toBe(preview.total)
  const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`
  await expect(summary.locator('[data-net]')).toHaveText(euro(preview.net))
  await expect(summary.locator('[data-vat]')).toHaveText(euro(preview.vat))
  await expect(summary.locator('[data-total]')).toHaveText(euro(preview.total))
  await expect(summary).toContainText('IVA 22%')
  await expect(summary).toContainText('Dal secondo mese 19,99 € al mese, IVA inclusa.')
  await expect(payButton(page)).toHaveText('Paga 9,99 €')
  await screens(page, 'checkout-riepilogo-iva')

  await fillBilling(page, { fiscalCode: '01114601006', name: 'Studio Prova S.r.l.' })
  await fillCard(page, '5555 5555 5555 4444', 'Consulente del Lavoro')
  await acceptTerms(page)
  await payButton(page).click()
  await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/profilo$/, { timeout: 10_000 })
  await expect(page.locator('main')).toContainText('Professional')
  expect(await kind(page.request)).toBe('professional')
  // The paid invoice is the figure shown.
  const invoices = (await (await page.request.get('/api/v1/stripe/invoices')).json()) as {
    total: number
    paid: boolean
  }[]
  expect(invoices.filter((invoice) => invoice.paid).map((invoice) => invoice.total)).toEqual([preview.total])
})

test('a customer whose earlier subscription was cancelled sees and pays the full price, without the launch offer', async ({
  page,
}) => {
  const earlier = await newSubscriber(page.request, 'premium_monthly')
  // Renewal off, then the test clock past the period's end: the subscription is cancelled.
  const flip = await page.request.post(
    `/api/v1/stripe/subscription/flip-subscription-renewal/${earlier.subscriptionId}`,
  )
  expect(flip.status()).toBe(200)
  // Renewal off: /profilo shows the end date 'in scadenza' (§2).
  await expect
    .poll(
      async () => {
        await page.goto('/profilo')
        return page.getByTestId('profilo-scadenza').textContent()
      },
      { timeout: 15_000 },
    )
    .toContain('(in scadenza)')
  expect((await page.request.post('/dev/stripe/advance?days=31')).status()).toBe(200)
  await expect.poll(() => accessKind(page.request), { timeout: 15_000 }).not.toBe('premium')

  await page.goto('/acquista')
  await expect(page.locator('[data-no-offer]')).toContainText("Hai già usufruito dell'offerta di lancio")
  await expect(page.locator('.plan__ribbon')).toHaveCount(0)
  const premiumCard = page.locator('[data-plan="premium"] [data-variant]:visible')
  await expect(premiumCard.locator('[data-full-price]')).toHaveText(/9,99\s€\s*al mese/)
  await expect(premiumCard.locator('s')).toHaveCount(0)
  await screens(page, 'acquista-prezzo-pieno')
  await premiumCard.getByRole('link', { name: 'Abbonati' }).click()
  await expect(page).toHaveURL(/\/v2\/checkout\//)

  const summary = page.locator('[data-plan-summary]')
  await expect(summary.locator('[data-total]')).toHaveText('9,99 €')
  await expect(summary).not.toContainText('Offerta di lancio -50%')
  await expect(summary).toContainText('vale solo per il primo abbonamento')
  await expect(payButton(page)).toHaveText('Paga 9,99 €')
  await screens(page, 'checkout-prezzo-pieno')
  await fillBilling(page)
  await fillCard(page, '4242 4242 4242 4242')
  await acceptTerms(page)
  await payButton(page).click()
  await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
  const invoices = (await (await page.request.get('/api/v1/stripe/invoices')).json()) as {
    total: number
    paid: boolean
  }[]
  // The first purchase had the launch offer (4,99 €); this one is charged in full.
  expect(
    invoices
      .filter((invoice) => invoice.paid)
      .map((invoice) => invoice.total)
      .sort((a, b) => a - b),
  ).toEqual([499, 999])
  expect(await accessKind(page.request)).toBe('premium')
})

test('a declined card shows the payment-failed alert and leaves no subscription', async ({ page }) => {
  await payOnCheckout(page, '4000 0000 0000 0002')
  await expect(page.getByRole('alert').filter({ hasText: paymentFailed })).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/v2\/checkout\//)
  expect(await kind(page.request)).toBe('trial')
})

/** The subscription's state as the portal mirrors it (null without one). */
async function subscriptionStatus(request: APIRequestContext): Promise<string | null> {
  const state = (await (await request.get('/api/v1/abbonamenti')).json()) as {
    subscription: { status: string } | null
  }
  return state.subscription?.status ?? null
}

async function paidInvoices(request: APIRequestContext): Promise<number> {
  const invoices = (await (await request.get('/api/v1/stripe/invoices')).json()) as { paid: boolean }[]
  return invoices.filter((invoice) => invoice.paid).length
}

const challengeHeading = (page: Page) => page.getByRole('heading', { name: 'Autenticazione del pagamento' })
const authenticationFailed =
  'L’autenticazione 3-D Secure non è riuscita e il pagamento non è stato eseguito: non ti è stato addebitato nulla. Riprova o usa un’altra carta.'

test('4000 0027 6000 3184 asks for 3-D Secure at every payment: Rifiuta fails with nothing charged, Completa pays, the renewal off session fails', async ({
  page,
}) => {
  await payOnCheckout(page, '4000 0027 6000 3184')
  await expect(challengeHeading(page)).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Rifiuta' }).click()
  await expect(page).toHaveURL(/\/v2\/checkout\/[^/?]+\/[^/?]+$/)
  await expect(page.getByRole('alert').filter({ hasText: authenticationFailed })).toBeVisible()
  await screens(page, 'checkout-autenticazione-rifiutata')
  expect(await kind(page.request)).toBe('trial')
  expect(await paidInvoices(page.request)).toBe(0)

  // A second attempt: the billing data are already filled in; this time the bank's page is completed.
  await expect(page.getByLabel('Intestatario della fattura')).toHaveValue('Elena Prova')
  await fillCard(page, '4000 0027 6000 3184')
  await acceptTerms(page)
  await payButton(page).click()
  await expect(challengeHeading(page)).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Completa' }).click()
  await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/profilo$/, { timeout: 10_000 })
  await expect(page.locator('main')).toContainText('Premium')

  // The renewal is charged off session: the bank wants authentication again, so it fails as on Stripe.
  expect((await page.request.post('/dev/stripe/advance?days=31')).status()).toBe(200)
  await expect.poll(() => subscriptionStatus(page.request), { timeout: 15_000 }).toBe('past_due')
  expect(await paidInvoices(page.request)).toBe(1)
})

test('4000 0025 0000 3155 asks for 3-D Secure at the first payment only: the renewal off session pays', async ({
  page,
}) => {
  await payOnCheckout(page, '4000 0025 0000 3155')
  await expect(challengeHeading(page)).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Completa' }).click()
  await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
  await expect(page).toHaveURL(/\/profilo$/, { timeout: 10_000 })
  expect((await page.request.post('/dev/stripe/advance?days=31')).status()).toBe(200)
  await expect.poll(() => paidInvoices(page.request), { timeout: 15_000 }).toBe(2)
  expect(await subscriptionStatus(page.request)).toBe('active')
})

for (const [number, reason] of [
  [
    '4000 0000 0000 9995',
    'La banca ha rifiutato la carta per fondi insufficienti. Non ti è stato addebitato nulla: usa un’altra carta.',
  ],
  [
    '4000 0000 0000 0069',
    'La banca ha rifiutato la carta perché è scaduta. Non ti è stato addebitato nulla: usa un’altra carta.',
  ],
  [
    '4000 0000 0000 0127',
    'La banca ha rifiutato la carta perché il codice di sicurezza (CVC) non è corretto. Controllalo e riprova, oppure usa un’altra carta.',
  ],
] as const) {
  test(`${number} is declined at payment with its reason in Italian, nothing charged`, async ({ page }) => {
    await payOnCheckout(page, number)
    await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/v2\/checkout\//)
    expect(await kind(page.request)).toBe('trial')
    expect(await paidInvoices(page.request)).toBe(0)
  })
}

test('a number failing the Luhn check is refused in the form; any other valid number pays with its own digits and the expiry as entered', async ({
  page,
}) => {
  await payOnCheckout(page, '4242 4242 4242 4241')
  await expect(page.getByText('Il numero della carta non è valido.')).toBeVisible()
  await expect(page.getByLabel('Numero della carta')).toHaveAttribute('aria-invalid', 'true')
  await page.getByText('Carte di prova e cosa succede con ciascuna').click()
  await expect(page.getByText('rifiutata per fondi insufficienti')).toBeVisible()
  await screens(page, 'checkout-carte-di-prova')
  await page.getByLabel('Numero della carta').fill('4111 1111 1111 1111')
  // Not December: the saved expiry is the one entered, never a default.
  await page.getByLabel('Scadenza (MM/AA)').fill('08/31')
  await payButton(page).click()
  await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
  await page.goto('/v2/profilo/fatturazione#metodo-pagamento')
  const card = page.getByTestId('carta-salvata')
  await expect(card).toContainText('Visa')
  await expect(page.getByTestId('carta-ultime-cifre')).toHaveText('1111')
  await expect(card).toContainText('scade 08/2031')
})

test('billing form messages: codice fiscale, partita IVA, CAP, province, and a foreign address', async ({
  page,
}) => {
  await trialOnCheckout(page, 'premium_monthly')
  await fillBilling(page, { fiscalCode: 'RMNLCU80A01H501X', zipCode: '0018', province: 'ZZ' })
  await fillCard(page, '4242 4242 4242 4242')
  await acceptTerms(page)
  await payButton(page).click()
  await expect(page.getByText('Inserisci un codice fiscale o una partita IVA validi.')).toBeVisible()
  await expect(page.getByText('Il CAP deve essere di cinque cifre.')).toBeVisible()
  await expect(page.getByText('Seleziona una provincia dall’elenco.')).toBeVisible()
  // A partita IVA with a wrong check digit.
  await page.getByLabel('Codice Fiscale / P.IVA').fill('01114601007')
  await payButton(page).click()
  await expect(page.getByText('Inserisci un codice fiscale o una partita IVA validi.')).toBeVisible()
  // Required fields.
  await page.getByLabel('Telefono').fill('')
  await payButton(page).click()
  await expect(page.getByText('Inserisci il numero di telefono.')).toBeVisible()

  // Another country: a VAT number and a free province.
  await page.getByRole('combobox', { name: 'Stato', exact: true }).selectOption('FR')
  await expect(page.getByLabel('Partita IVA / VAT number')).toBeVisible()
  await page.getByLabel('Partita IVA / VAT number').fill('FR40303265045')
  await page.getByLabel('Provincia, regione o contea').fill('Île-de-France')
  await page.getByLabel('CAP').fill('75008')
  await page.getByLabel('Città').fill('Parigi')
  await page.getByLabel('Telefono').fill('+33 1 23456789')
  await payButton(page).click()
  await expect(page.getByText(succeeded)).toBeVisible({ timeout: 20_000 })
})

test('an unticked box: the pay button is disabled, and pressing it, Enter or unticking shows the terms notice for 10 seconds', async ({
  page,
}) => {
  await trialOnCheckout(page, 'premium_monthly')
  await fillBilling(page)
  await fillCard(page, '4242 4242 4242 4242')
  const notice = page.getByText(
    'Per procedere al pagamento è obbligatorio accettare i termini e condizioni del servizio',
  )
  await expect(payButton(page)).toBeDisabled()
  await screens(page, 'checkout-paga-disabilitato')
  await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
  await expect(payButton(page)).toBeDisabled()
  // A press on the disabled button: nothing is sent, the reason shows for 10 seconds.
  await payButton(page).click({ force: true })
  await expect(notice).toBeVisible()
  const shownAt = Date.now()
  await expect(notice).toBeHidden({ timeout: 12_000 })
  expect(Date.now() - shownAt).toBeGreaterThan(8_000)
  expect(await kind(page.request)).toBe('trial')
  // Enter in a field (the keyboard's submit) explains too.
  await page.getByLabel('Telefono').press('Enter')
  await expect(notice).toBeVisible()
  // Both boxes ticked: the button is enabled and the notice goes.
  await page.getByRole('checkbox', { name: /artt. 1341 e 1342/ }).check()
  await expect(payButton(page)).toBeEnabled()
  await expect(notice).toBeHidden()
  // Unticking one disables the button again and says why at once.
  await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).uncheck()
  await expect(payButton(page)).toBeDisabled()
  await expect(notice).toBeVisible()
  expect(await kind(page.request)).toBe('trial')
})

test('a chemical-pharmaceutical company: the not-eligible modal and mail, the request to sales, nothing charged', async ({
  page,
}) => {
  const { email } = await trialOnCheckout(page, 'professional_monthly')
  const company = `Farmaceutica Prova ${unique()} S.p.A.`
  await fillBilling(page, { fiscalCode: '01114601006', name: company })
  await fillCard(page, '4242 4242 4242 4242', 'Azienda Chimico-Farmaceutica')
  await acceptTerms(page)
  await payButton(page).click()
  const modal = page.getByRole('alertdialog')
  await expect(modal).toContainText(
    'Non è stato possibile completare il pagamento. Verrai ricontattato a breve da un nostro commerciale.',
  )
  const mail = await mailTo(page.request, email, 'ti ricontatteremo')
  expect(mail.text).toContain(company)
  expect(mail.text).toContain('01114601006')
  const sales = await mailTo(page.request, 'commerciale@bancadati.local', `Da ricontattare: ${company}`)
  expect(sales.subject).toBe(`Da ricontattare: ${company} (Professional)`)
  for (const detail of [email, italian.phone, 'Azienda Chimico-Farmaceutica'])
    expect(sales.text).toContain(detail)
  expect(await kind(page.request)).toBe('trial')
  await modal.getByRole('button', { name: 'Ok' }).click()
  await expect(page).toHaveURL(/\/(bancadati)?$/)
})

test('an existing subscriber gets the già un abbonamento notice, signed in or logging in there', async ({
  page,
  request,
}) => {
  const price = await priceOf(request, 'professional_monthly')
  const url = `/v2/registrati/${price.productId}/${price.id}`
  const notice = "L'account utilizzato dispone già di un abbonamento in corso di validità..."

  await page.goto(url)
  await islandsHydrated(page)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page.getByRole('heading', { name: 'Accedi al tuo account' })).toBeVisible()
  await page.getByLabel('Email').fill('premium@demo.local')
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
  await page.getByRole('button', { name: 'ACCEDI E CONTINUA' }).click()
  await expect(page.getByText(notice)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Vai alla fatturazione del tuo profilo' })).toHaveAttribute(
    'href',
    '/v2/profilo/fatturazione',
  )

  // Already signed in: the notice straight away, on the sign-up and on the checkout.
  await page.goto(url)
  await expect(page.getByText(notice)).toBeVisible()
  await page.goto(`/v2/checkout/${price.productId}/${price.id}`)
  await expect(page.getByText(notice)).toBeVisible()
  await expect(payButton(page)).toHaveCount(0)
})

test('sign-up and login failures at registration show the specification texts', async ({ page, request }) => {
  const price = await priceOf(request, 'premium_monthly')
  // An address already registered (made on another cookie jar: this page stays signed out).
  const taken = await newTrialAccount(request, 'doppio')
  await page.goto(`/v2/registrati/${price.productId}/${price.id}`)
  await page.getByLabel('Nome', { exact: true }).fill('Gianni')
  await page.getByLabel('Cognome').fill('Doppio')
  await page.getByLabel('Email').fill(taken)
  await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
  await page.getByRole('button', { name: 'REGISTRATI E CONTINUA' }).click()
  const failed = page.getByRole('alert').filter({
    hasText:
      "Errore durante la creazione dell'account. Verifica che non esista già un utente registrato con la mail inserita e riprovare.",
  })
  await expect(failed).toBeVisible()
  await expect(failed.getByRole('link')).toHaveAttribute('href', /^\/accedi/)

  await page.getByRole('button', { name: 'Accedi' }).click()
  await page.getByLabel('Email').fill(taken)
  await page.getByLabel('Password', { exact: true }).fill('sbagliata-123')
  await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
  await page.getByRole('button', { name: 'ACCEDI E CONTINUA' }).click()
  await expect(
    page.getByText("Errore durante l'accesso. Verifica che username e password siano corretti e riprovare."),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Registrati', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Crea il tuo account' })).toBeVisible()
})

test('an unknown product or price shows Error; the older addresses lead to the new pages', async ({
  page,
  request,
}) => {
  const price = await priceOf(request, 'premium_studio_annual')
  await page.goto('/v2/registrati/prod_inesistente/price_inesistente')
  await expect(page.getByRole('alert')).toHaveText('Error')
  await page.goto(`/v2/registrati/${price.productId}/price_inesistente`)
  await expect(page.getByRole('alert')).toHaveText('Error')
  // Signed out, the checkout sends to the pricing page.
  await page.goto(`/v2/checkout/${price.productId}/${price.id}`)
  await expect(page).toHaveURL(/\/acquista$/)

  await page.goto(`/registrati/${price.productId}/${price.id}`)
  await expect(page).toHaveURL(new RegExp(`/v2/registrati/${price.productId}/${price.id}$`))
  await page.goto('/registrati/premium-studio-annuale')
  await expect(page).toHaveURL(new RegExp(`/v2/registrati/${price.productId}/${price.id}$`))
  await page.goto('/registrati/piano-inesistente')
  await expect(page.getByRole('alert')).toHaveText('Error')

  await login(page, 'scaduto@demo.local')
  await page.goto(`/registrati/${price.productId}/${price.id}`)
  await expect(page).toHaveURL(new RegExp(`/v2/checkout/${price.productId}/${price.id}$`))
  await page.goto(`/checkout/${price.productId}/${price.id}`)
  await expect(page).toHaveURL(new RegExp(`/v2/checkout/${price.productId}/${price.id}$`))
  await page.goto(`/v2/registrati/${price.productId}/${price.id}`)
  await expect(page).toHaveURL(new RegExp(`/v2/checkout/${price.productId}/${price.id}$`))
  await page.goto('/v2/checkout/prod_inesistente/price_inesistente')
  await expect(page.getByRole('alert')).toHaveText('Error')
})

test('screenshots of the sign-up and checkout pages', async ({ page, request }) => {
  const price = await priceOf(request, 'professional_monthly')
  await page.goto(`/v2/registrati/${price.productId}/${price.id}`)
  await expect(page.getByRole('heading', { name: 'Crea il tuo account' })).toBeVisible()
  await screens(page, 'v2-registrati')
  const email = await newTrialAccount(page.request, 'schermate')
  await page.goto(`/v2/checkout/${price.productId}/${price.id}`)
  await expect(confirmationPanel(page)).toBeVisible()
  await islandsHydrated(page)
  await screens(page, 'v2-checkout-conferma-email')
  // A new link on request; opening either one lets the checkout go on.
  await confirmationPanel(page).getByRole('button', { name: 'Invia di nuovo la mail di conferma' }).click()
  await expect(confirmationPanel(page)).toContainText(
    `Fatto: abbiamo inviato una nuova mail di conferma a ${email}.`,
  )
  await mailTo(page.request, email, 'Conferma il tuo indirizzo e-mail')
  await confirmAddress(page.request, email)
  await expect(page.getByLabel('Intestatario della fattura')).toBeVisible({ timeout: 15_000 })
  await screens(page, 'v2-checkout')
  await acceptTerms(page)
  await payButton(page).click()
  await expect(page.getByText('Inserisci il codice fiscale o la partita IVA.')).toBeVisible()
  await screens(page, 'v2-checkout-errori')
})
