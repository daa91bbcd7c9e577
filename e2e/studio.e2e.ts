/**
 * Studio accounts in the browser: a fresh Studio owner invites two addresses,
 * one completes the invitation as a new user and one as an existing user
 * (after a wrong password), both show Attivo, a third invitation is refused,
 * removing one ends its open browser's session (forced-logout modal), and it
 * is invited again. Also: what a secondary account and a subscriber without
 * Studio see, and an invalid code. Screenshots at 1280 and 375 px.
 */
import { type APIRequestContext, type Browser, type Page } from '@playwright/test'
import {
  expect,
  test,
  adminLogin,
  confirmAddress,
  loginFormReady,
  mailTo,
  newContext,
  signUpForTrial,
  unique,
} from './helpers.ts'

const LIMIT_TEXT = 'Hai raggiunto il limite massimo di account collegabili.'
const INVALID_CODE = 'Il codice invito inserito non è valido.'

/** The invitation link of the newest invitation mail to `address` (a path). */
async function invitationPath(request: APIRequestContext, address: string): Promise<string> {
  const mail = await mailTo(request, address, 'invitato in uno Studio')
  const match = /\/invito-studio\/[\w-]+/.exec(mail.text)
  if (!match) throw new Error(`nessun invito nella e-mail: ${mail.text}`)
  return match[0]
}

/** A trial account created through the API (not signed in anywhere in the browser); returns its password. */
async function existingAccount(browser: Browser, baseURL: string, email: string): Promise<string> {
  const context = await newContext(browser, { baseURL })
  const signup = await context.request.post('/api/v1/user/trial-signup', {
    data: { nome: 'Marta', cognome: 'Esistente', email, professione: 'professionista' },
  })
  expect(signup.status()).toBe(201)
  const mail = await mailTo(context.request, email, 'credenziali')
  await context.close()
  const password = /Password:\s*(\S+)/.exec(mail.text)?.[1]
  if (!password) throw new Error('password non trovata')
  return password
}

/** A new account on `page` holding a paid Professional Studio monthly subscription. */
async function newStudioOwner(page: Page, baseURL: string): Promise<string> {
  const email = `titolare-${unique()}@esempio.it`
  await signUpForTrial(page.request, email, { nome: 'Giorgio', cognome: 'Titolare' }, 'professionista')
  await confirmAddress(page.request, email)
  const customer = await page.request.post('/api/v1/stripe/customer/create', {
    data: {
      name: 'Studio Titolare',
      phone: '+39 06 5551234',
      city: 'Roma',
      address: 'Via Nazionale 10',
      zipCode: '00184',
      state: 'IT',
      province: 'RM',
      fiscalcode: 'RMNLCU80A01H501M',
      termsCheck: true,
      additionalTermsCheck: true,
      professione: 'consulente-del-lavoro',
    },
  })
  expect(customer.status()).toBe(200)
  const prices = (await (await page.request.get('/api/v1/stripe/prices')).json()) as {
    id: string
    lookupKey: string
  }[]
  const price = prices.find((candidate) => candidate.lookupKey === 'professional_studio_monthly')
  const created = await page.request.post('/api/v1/stripe/subscription/create', {
    data: { priceId: price?.id, customerId: ((await customer.json()) as { id: string }).id },
  })
  expect(created.status()).toBe(200)
  const { clientSecret } = (await created.json()) as { clientSecret: string }
  const config = (await (await page.request.get('/api/v1/stripe/config')).json()) as {
    publishableKey: string
  }
  const confirmed = await page.request.post(
    `/dev/stripe/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`,
    {
      headers: {
        authorization: `Bearer ${config.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      data: new URLSearchParams({
        client_secret: clientSecret,
        payment_method: 'pm_card_visa',
        return_url: `${baseURL}/profilo`,
      }).toString(),
    },
  )
  expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded')
  await expect
    .poll(async () => {
      const state = (await (await page.request.get('/api/v1/abbonamenti')).json()) as {
        entitlements: { kind: string }
      }
      return state.entitlements.kind
    })
    .toBe('studioPrimary')
  return email
}

async function invite(page: Page, email: string) {
  await page.getByLabel('Email del collega').fill(email)
  await page.getByRole('button', { name: 'Invita', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'e-mail di invito' })).toContainText(
    email.toLowerCase(),
  )
}

const row = (page: Page, email: string) => page.getByTestId('studio-account').filter({ hasText: email })

test('a Studio owner invites two accounts, removes one (its open browser is signed out) and invites it again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const owner = await newStudioOwner(page, baseURL!)
  const newcomer = `nuovo-${unique()}@esempio.it`
  const colleague = `esistente-${unique()}@esempio.it`
  const colleaguePassword = await existingAccount(browser, baseURL!, colleague)

  await page.goto('/v2/profilo')
  await page.getByRole('link', { name: 'Account secondari' }).click()
  await expect(page).toHaveURL(/\/v2\/profilo\/gestionestudio$/)
  await expect(page.getByText('Non hai ancora collegato nessun account.')).toBeVisible()

  // An empty address is refused in the form; an upper-case one is lower-cased.
  await page.getByRole('button', { name: 'Invita', exact: true }).click()
  await expect(page.getByText('Inserisci l’indirizzo e-mail da invitare.')).toBeVisible()
  await invite(page, newcomer.toUpperCase())
  await invite(page, colleague)
  await expect(row(page, newcomer)).toContainText('Invitato')
  await expect(row(page, colleague)).toContainText('Invitato')

  // At two linked accounts the form is disabled and says why; the API answers 409 with the same text.
  await expect(page.getByText(LIMIT_TEXT)).toBeVisible()
  await expect(page.getByLabel('Email del collega')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Invita', exact: true })).toBeDisabled()
  const third = await page.request.post(`/api/v1/linkedstudioaccounts/linkto/${owner}`, {
    data: { accountEmail: `terzo-${unique()}@esempio.it` },
  })
  expect(third.status()).toBe(409)
  expect(((await third.json()) as { error: { message: string } }).error.message).toBe(LIMIT_TEXT)

  // The new user registers on the invitation page and is signed in as a secondary account.
  const newcomerBrowser = await newContext(browser, { baseURL })
  const newcomerPage = await newcomerBrowser.newPage()
  await newcomerPage.goto(await invitationPath(page.request, newcomer))
  await expect(newcomerPage.getByRole('heading', { name: 'Sei stato invitato in uno Studio' })).toBeVisible()
  await expect(newcomerPage.getByLabel('Email')).toHaveValue(newcomer)
  await newcomerPage.getByLabel('Nome e cognome').fill('Nadia Nuova')
  await newcomerPage.getByLabel('Password', { exact: true }).filter({ visible: true }).fill('Nuova2026!')
  await newcomerPage.getByLabel('Conferma password').fill('Diversa2026!')
  const submit = newcomerPage.getByRole('button', { name: 'Crea account e attiva' })
  await expect(submit).toBeDisabled()
  await newcomerPage.getByRole('checkbox').check()
  await submit.click()
  await expect(newcomerPage.getByText('Le password non corrispondono')).toBeVisible()
  await newcomerPage.getByLabel('Conferma password').fill('Nuova2026!')
  await submit.click()
  await expect(newcomerPage.getByText('Il tuo account è collegato allo Studio.')).toBeVisible()
  await newcomerPage.waitForURL('**/bancadati')
  await newcomerPage.goto('/v2/profilo')
  await expect(newcomerPage.locator('.profile-header__who')).toContainText('studio')
  await expect(newcomerPage.locator('.profile-tabs__link')).toHaveText(['Account', 'Sicurezza'])
  await newcomerPage.goto('/v2/profilo/gestionestudio')
  await expect(newcomerPage.getByText('Non sei autorizzato ad accedere a questa pagina.')).toBeVisible()
  await newcomerPage.goto('/gestione-abbonamento/studio')
  await expect(
    newcomerPage.getByText(
      "Non hai i permessi per accedere a questa pagina. Contatta l'amministratore dello Studio.",
    ),
  ).toBeVisible()
  await expect(newcomerPage.locator('a[href="/acquista"], a[href="/registrati"]')).toHaveCount(0)
  const billing = await newcomerPage.request.get('/api/v1/stripe/invoices')
  expect(billing.status()).toBe(403)
  await newcomerPage.goto('/prodotti')

  // The existing user gets the modal asking to log in; a wrong password is refused, the right one activates.
  const colleagueBrowser = await newContext(browser, { baseURL })
  const colleaguePage = await colleagueBrowser.newPage()
  const colleagueLink = await invitationPath(page.request, colleague)
  await colleaguePage.goto(colleagueLink)
  const modal = colleaguePage.getByRole('dialog', { name: 'Hai già un account' })
  await expect(modal).toBeVisible()
  await modal.getByLabel('Password').fill('sbagliata1')
  await modal.getByRole('button', { name: 'Accedi e attiva' }).click()
  await expect(modal.getByText("Login fallito: verifica la password associata all'account")).toBeVisible()
  await modal.getByLabel('Password').fill(colleaguePassword)
  await modal.getByRole('button', { name: 'Accedi e attiva' }).click()
  await colleaguePage.waitForURL('**/bancadati')
  await colleagueBrowser.close()

  // Used codes open nothing.
  await page.goto(colleagueLink)
  await expect(page.getByTestId('invito-non-valido')).toHaveText(INVALID_CODE)

  await page.goto('/v2/profilo/gestionestudio')
  await expect(row(page, newcomer)).toContainText('Attivo')
  await expect(row(page, colleague)).toContainText('Attivo')
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/studio-gestionestudio-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // Removing the new user ends its session: its open browser shows the forced-logout modal.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: `Rimuovi ${newcomer}` }).click()
  await expect(page.getByText(`L’account ${newcomer} è stato rimosso dallo Studio.`)).toBeVisible()
  await expect(row(page, newcomer)).toHaveCount(0)
  await expect(page.getByLabel('Email del collega')).toBeEnabled()
  const signedOut = newcomerPage.getByRole('alertdialog', { name: 'SEI STATO DISCONNESSO.' })
  await expect(signedOut).toBeVisible({ timeout: 40_000 })
  await newcomerBrowser.close()

  // It can be invited again.
  await invite(page, newcomer)
  await expect(row(page, newcomer)).toContainText('Invitato')
})

test('the invitation page at 1280 and 375 px, and an invalid code', async ({ page, browser, baseURL }) => {
  await newStudioOwner(page, baseURL!)
  const invited = `vista-${unique()}@esempio.it`
  await page.goto('/v2/profilo/gestionestudio')
  await invite(page, invited)
  const visitor = await newContext(browser, { baseURL })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(await invitationPath(page.request, invited))
  await expect(visitorPage.getByLabel('Nome e cognome')).toBeVisible()
  for (const width of [1280, 375]) {
    await visitorPage.setViewportSize({ width, height: 900 })
    await visitorPage.screenshot({ path: `test-results/studio-invito-${width}.png`, fullPage: true })
  }
  const response = await visitorPage.goto('/invito-studio/codice-inventato')
  expect(response?.status()).toBe(404)
  await expect(visitorPage.getByTestId('invito-non-valido')).toHaveText(INVALID_CODE)
  await visitorPage.setViewportSize({ width: 375, height: 800 })
  await visitorPage.screenshot({ path: 'test-results/studio-invito-non-valido-375.png', fullPage: true })
  await visitor.close()
})

test('a subscriber without Studio reads that no Studio subscription is active; the demo Studio lists its colleague', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/accedi')
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill('premium@demo.local')
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill('Demo2026!')
  await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
  await page.waitForURL('**/bancadati')
  await page.goto('/gestione-abbonamento/studio')
  await expect(page.getByTestId('studio-non-attivo')).toHaveText('Non hai una sottoscrizione Studio attiva.')
  await page.goto('/v2/profilo')
  await expect(page.getByRole('link', { name: 'Account secondari' })).toHaveCount(0)

  const linked = await page.request.get('/api/v1/linkedstudioaccounts/linkedto/studio@demo.local')
  expect(linked.status()).toBe(403)

  const owner = await newContext(browser, { baseURL })
  const ownerPage = await owner.newPage()
  await ownerPage.goto('/accedi')
  await loginFormReady(ownerPage)
  await ownerPage.getByLabel('Email').filter({ visible: true }).fill('studio@demo.local')
  await ownerPage.getByLabel('Password', { exact: true }).filter({ visible: true }).fill('Demo2026!')
  await ownerPage.getByRole('button', { name: 'ACCEDI', exact: true }).click()
  await ownerPage.waitForURL('**/bancadati')
  await ownerPage.goto('/gestione-abbonamento/studio')
  await expect(row(ownerPage, 'collega@demo.local')).toContainText('Attivo')
  await owner.close()
})

test('administrators see each Studio with its linked accounts in /admin/studio; editors do not', async ({
  page,
}) => {
  await adminLogin(page, 'admin@demo.local')
  await expect(page.locator('a[href="/admin/studio"]')).toHaveCount(1)
  await page.goto('/admin/studio?q=studio@demo.local')
  await expect(page.getByRole('heading', { name: 'Account Studio' })).toBeVisible()
  const demo = page.getByRole('row').filter({ hasText: 'collega@demo.local' })
  await expect(demo).toContainText('Attivo')
  await expect(demo).toContainText('studio@demo.local')
  await expect(demo).toContainText('Studio attivo')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: 'test-results/admin-studio.png', fullPage: true })

  await page.context().clearCookies()
  await adminLogin(page, 'redazione@demo.local')
  await expect(page.locator('a[href="/admin/studio"]')).toHaveCount(0)
  await page.goto('/admin/studio')
  await expect(page.getByText('Solo gli amministratori possono consultare gli account Studio.')).toBeVisible()
  await expect(page.getByText('collega@demo.local')).toHaveCount(0)
})
