/**
 * Sign-in with Google and Facebook in the browser, on the portal as `npm
 * start` runs it (no Google or Facebook keys): the buttons on the sign-in,
 * sign-up and purchase pages, the test provider's consent page ('Fornitore di
 * prova'; 'Annulla' comes back with the portal's message), a first sign-up
 * through /registrati/setupsocial, a purchase from /acquista through Google to
 * an active subscription, a second sign-in, an existing e-mail account, and
 * the set-up page for visitors who are not signed in.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { testSignInIssuer } from '../tests/e2e-servers.ts'
import {
  expect,
  test,
  collectErrors,
  confirmAddress,
  expectAccessible,
  islandsHydrated,
  login,
  mailTo,
  newContext,
  screens,
  unique,
} from './helpers.ts'

type Identity = { email: string; nome: string; cognome: string }
type Mail = { to: string; subject: string; text: string }

const person = (prefix: string, nome = 'Giulia', cognome = 'Bianchi'): Identity => ({
  email: `${prefix}-${unique()}@esempio.it`,
  nome,
  cognome,
})

/** The test provider's consent page, where the portal's Google or Facebook button led. */
async function consentPage(page: Page, provider: 'Google' | 'Facebook') {
  await page.waitForURL(`${testSignInIssuer}/authorize?**`)
  await expect(page).toHaveTitle('Fornitore di prova')
  await expect(page.getByRole('heading', { level: 1, name: 'Fornitore di prova' })).toBeVisible()
  await expect(page.getByText(`Accesso con ${provider} simulato`)).toBeVisible()
}

/** Signs in at the test provider as `identity`, as a user types it on the consent page. */
async function continueAs(page: Page, provider: 'Google' | 'Facebook', identity: Identity) {
  await consentPage(page, provider)
  await page.getByLabel('Email').fill(identity.email)
  await page.getByLabel('Nome', { exact: true }).fill(identity.nome)
  await page.getByLabel('Cognome').fill(identity.cognome)
  await page.getByRole('button', { name: 'Continua' }).click()
}

async function signedIn(page: Page) {
  const response = await page.request.get('/api/v1/abbonamenti')
  return (
    (await response.json()) as {
      isAuthenticated: boolean
      user: { email: string; displayName: string } | null
    }
  ).user
}

async function mailsTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const response = await request.get(`/dev/posta/messages.json?to=${encodeURIComponent(address)}`)
  return (await response.json()) as Mail[]
}

/** Completes /registrati/setupsocial with a profession. */
async function completeSetup(page: Page, profession: string) {
  await page.waitForURL('**/registrati/setupsocial**')
  await islandsHydrated(page)
  await page.getByLabel('Professione').selectOption({ label: profession })
  await page.getByRole('button', { name: 'Completa registrazione' }).click()
}

test.describe('social sign-in', () => {
  test('shows the Google and Facebook buttons on the sign-up, login and purchase pages', async ({ page }) => {
    await page.goto('/registrati')
    await expect(page.getByRole('button', { name: 'Registrati con Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Registrati con Facebook' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Crea un nuovo account' })).toBeVisible()
    await page.goto('/accedi')
    await expect(page.getByRole('button', { name: 'Accedi con Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accedi con Facebook' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'ACCEDI', exact: true })).toBeVisible()
    await screens(page, 'accedi-social')
    await page.goto('/acquista')
    await page
      .locator('[data-plan="premium"] [data-variant]:visible')
      .getByRole('link', { name: 'Abbonati' })
      .click()
    await expect(page).toHaveURL(/\/v2\/registrati\/[^/]+\/[^/]+$/)
    await expect(page.getByRole('button', { name: 'Registrati con Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Registrati con Facebook' })).toBeVisible()
    await screens(page, 'acquisto-registrazione-social')
  })

  test('the buttons lead to the test provider’s consent page; Annulla comes back with the portal’s message', async ({
    page,
  }) => {
    await page.goto('/accedi')
    await page.getByRole('button', { name: 'Accedi con Google' }).click()
    await consentPage(page, 'Google')
    await expect(
      page.getByText(/è il fornitore di accesso di prova del portale avviato in locale/),
    ).toBeVisible()
    // A demo identity is offered; the user may change it.
    await expect(page.getByLabel('Email')).not.toHaveValue('')
    await expect(page.getByLabel('Nome', { exact: true })).not.toHaveValue('')
    await expect(page.getByLabel('Cognome')).not.toHaveValue('')
    await expectAccessible(page)
    await screens(page, 'fornitore-di-prova')

    // A wrong address is refused on the page, in Italian.
    await page.getByLabel('Email').fill('non-un-indirizzo')
    await page.getByRole('button', { name: 'Continua' }).click()
    await expect(page.getByText('Inserisci un indirizzo email valido.', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')

    await page.getByRole('button', { name: 'Annulla' }).click()
    await page.waitForURL(/\/accedi\?error=access_denied$/)
    await expect(
      page.getByText(
        'Accesso con Google o Facebook annullato. Puoi riprovare oppure accedere con email e password.',
      ),
    ).toBeVisible()
    expect(await signedIn(page)).toBeNull()

    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Facebook' }).click()
    await consentPage(page, 'Facebook')
    await page.getByRole('button', { name: 'Annulla' }).click()
    await page.waitForURL(/\/registrati\?error=access_denied$/)
    await expect(
      page.getByText(
        'Registrazione con Google o Facebook annullata. Puoi riprovare oppure registrarti con il modulo.',
      ),
    ).toBeVisible()
  })

  test('a first Google sign-in completes the registration on /registrati/setupsocial and lands on /bancadati', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    const identity = person('google')

    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Google' }).click()
    await continueAs(page, 'Google', identity)
    await page.waitForURL('**/registrati/setupsocial')
    await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto, Giulia Bianchi!' })).toBeVisible()
    await expect(page.locator('#contenuto').getByText(identity.email)).toBeVisible()
    expect((await signedIn(page))?.email).toBe(identity.email)

    // Until the registration is completed, other pages lead back here.
    await page.goto('/bancadati')
    await page.waitForURL('**/registrati/setupsocial')

    // The placeholder is not a profession: nothing is sent.
    await islandsHydrated(page)
    const submit = page.getByRole('button', { name: 'Completa registrazione' })
    await submit.click()
    await expect(
      page.getByText('Seleziona la tua professione per completare la registrazione.'),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/registrati\/setupsocial$/)

    await page.getByLabel('Professione').selectOption({ label: 'Azienda/HR' })
    await submit.click()
    await page.waitForURL('**/bancadati')
    expect((await signedIn(page))?.email).toBe(identity.email)
    // Google vouches for the address: it is confirmed from the start.
    const confirmation = await page.request.get('/api/v1/user/email-confirmation')
    expect(await confirmation.json()).toMatchObject({ email: identity.email, confirmed: true })

    // One welcome mail, naming the provider.
    await expect
      .poll(async () => (await mailsTo(request, identity.email)).length, { timeout: 20_000 })
      .toBe(1)
    const [welcome] = await mailsTo(request, identity.email)
    expect(welcome?.subject).toBe('Benvenuto in Banca Dati CCNL')
    expect(welcome?.text).toContain('Accedi con Google')

    // Completed: the set-up page now leads to the database.
    await page.goto('/registrati/setupsocial')
    await page.waitForURL('**/bancadati')
    expect(errors).toEqual([])
  })

  test('a new visitor buys from /acquista through Google: set-up, checkout with a test card, subscription active', async ({
    page,
    request,
  }) => {
    const identity = person('acquisto-google', 'Paolo', 'Verdi')
    await page.goto('/acquista')
    await page
      .locator('[data-plan="professional"] [data-variant]:visible')
      .getByRole('link', { name: 'Abbonati' })
      .click()
    await expect(page).toHaveURL(/\/v2\/registrati\/[^/]+\/[^/]+$/)
    await islandsHydrated(page)
    await page.getByRole('button', { name: 'Registrati con Google' }).click()
    await continueAs(page, 'Google', identity)
    await completeSetup(page, 'Professionista')

    await expect(page).toHaveURL(/\/v2\/checkout\/[^/]+\/[^/]+$/)
    await expect(page.locator('[data-product-name]')).toHaveText('Professional')
    await expect(page.getByText(`Stai acquistando con l’account ${identity.email}.`)).toBeVisible()
    // Google's address is confirmed: the payment step is there at once.
    await islandsHydrated(page)
    await page.getByLabel('Intestatario della fattura').fill('Paolo Verdi')
    await page.getByLabel('Codice Fiscale / P.IVA').fill('rmnlcu80a01h501m')
    await page.getByRole('textbox', { name: 'Indirizzo', exact: true }).fill('Via Nazionale 10')
    await page.getByLabel('Città').fill('Roma')
    await page.getByLabel('CAP').fill('00184')
    await page.getByRole('textbox', { name: 'Provincia', exact: true }).fill('RM')
    await page.getByLabel('Telefono').fill('+39 06 5551234')
    await page.getByLabel('Professione').selectOption({ label: 'Avvocato' })
    await page.getByLabel('Titolare della carta').fill('Paolo Verdi')
    await page.getByLabel('Numero della carta').fill('4242 4242 4242 4242')
    await page.getByLabel('Scadenza (MM/AA)').fill('12/30')
    await page.getByLabel('CVC').fill('123')
    await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
    await page.getByRole('checkbox', { name: /artt. 1341 e 1342/ }).check()
    await page.getByRole('button', { name: /^Paga / }).click()
    await expect(
      page.getByText(
        'Pagamento concluso con successo! Verrai reindirizzato al tuo profilo tra pochi secondi.',
      ),
    ).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/profilo$/, { timeout: 10_000 })
    await expect(page.locator('main')).toContainText('Professional')
    await expect(page.locator('main')).toContainText('in rinnovo automatico')
    const state = (await (await page.request.get('/api/v1/abbonamenti')).json()) as {
      entitlements: { kind: string }
    }
    expect(state.entitlements.kind).toBe('professional')
    await mailTo(request, identity.email, 'abbonamento')
  })

  test('a second sign-in goes straight in, from the login page, honouring Ricordami', async ({
    page,
    browser,
  }) => {
    const identity = person('ritorno')
    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Google' }).click()
    await continueAs(page, 'Google', identity)
    await completeSetup(page, 'Professionista')
    await page.waitForURL('**/bancadati')

    const other = await newContext(browser)
    const second = await other.newPage()
    await second.goto('/accedi')
    // 'Ricordami' unticked: the session ends with the browser, as after a password login.
    await second.getByRole('checkbox', { name: /Ricordami/ }).uncheck()
    await second.getByRole('button', { name: 'Accedi con Google' }).click()
    await continueAs(second, 'Google', identity)
    await second.waitForURL('**/bancadati')
    expect((await signedIn(second))?.email).toBe(identity.email)
    const cookie = (await other.cookies()).find((item) => item.name.endsWith('bancadati.session_token'))
    expect(cookie?.expires).toBe(-1)
    // Single session: the first browser has been signed out.
    expect(await signedIn(page)).toBeNull()
    await other.close()
  })

  test('Facebook signs up unconfirmed, and an e-mail already registered signs into its account once confirmed', async ({
    page,
    request,
  }) => {
    const identity = person('facebook', 'Luca', 'Gialli')
    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Facebook' }).click()
    await continueAs(page, 'Facebook', identity)
    await page.waitForURL('**/registrati/setupsocial')
    await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto, Luca Gialli!' })).toBeVisible()
    // Facebook does not vouch for the address: the account confirms it by mail.
    const confirmation = await page.request.get('/api/v1/user/email-confirmation')
    expect(await confirmation.json()).toMatchObject({ email: identity.email, confirmed: false })

    const existing = person('esistente', 'Marco', 'Neri')
    const signup = await request.post('/api/v1/user/trial-signup', {
      data: { nome: 'Marco', cognome: 'Neri', email: existing.email, professione: 'lavoratore' },
    })
    expect(signup.status()).toBe(201)
    await page.context().clearCookies()
    // Not confirmed yet: Google does not sign into it, and the login page says why.
    await page.goto('/accedi')
    await page.getByRole('button', { name: 'Accedi con Google' }).click()
    await continueAs(page, 'Google', existing)
    await page.waitForURL(/\/accedi\?error=account_not_linked$/)
    await expect(page.getByText(/accedi prima con email e password/)).toBeVisible()
    expect(await signedIn(page)).toBeNull()

    await confirmAddress(request, existing.email)
    await page.getByRole('button', { name: 'Accedi con Google' }).click()
    // The provider never offers the identity used before: the person types theirs again.
    await consentPage(page, 'Google')
    await expect(page.getByLabel('Email')).not.toHaveValue(existing.email)
    await continueAs(page, 'Google', existing)
    await page.waitForURL('**/bancadati')
    const user = await signedIn(page)
    expect(user).toMatchObject({ email: existing.email, displayName: 'Marco Neri' })
  })

  test('Facebook with the address of an existing account asks for the password first (third attack round)', async ({
    page,
  }) => {
    // premium@demo.local is a confirmed account; Facebook does not vouch for addresses, so it never links.
    await page.goto('/accedi')
    await page.getByRole('button', { name: 'Accedi con Facebook' }).click()
    await continueAs(page, 'Facebook', { email: 'premium@demo.local', nome: 'Finto', cognome: 'Premium' })
    await page.waitForURL(/\/accedi\?error=account_not_linked$/)
    await expect(page.getByText(/accedi prima con email e password/)).toBeVisible()
    expect(await signedIn(page)).toBeNull()
    await screens(page, 'accedi-facebook-account-esistente')
    // The password still opens the account, and it has no Facebook link.
    await login(page, 'premium@demo.local')
    expect(await signedIn(page)).toMatchObject({ email: 'premium@demo.local' })
  })

  test('the set-up page sends a visitor who is not signed in to the home page', async ({ page }) => {
    await page.goto('/registrati/setupsocial')
    await expect(page).toHaveURL(/\/$/)
  })
})
