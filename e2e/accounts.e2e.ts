/**
 * Accounts in the browser: trial sign-up with the password read from the
 * test mailbox, login with and without 'Ricordami', returnUrl, password
 * reset through the mailed link, logout, and the forced logout of a first
 * browser when the same account signs in from a second one.
 */
import { type BrowserContext, type Page } from '@playwright/test'
import {
  expect,
  test,
  collectErrors,
  DEMO_PASSWORD,
  loginFormReady,
  mailTo,
  newContext,
  passwordIn,
  screens,
  signUpForTrial,
  unique,
} from './helpers.ts'

async function login(page: Page, email: string, password: string, options: { remember?: boolean } = {}) {
  await loginFormReady(page)
  // The recovery modal has its own (hidden) e-mail field: only visible fields are meant.
  await page.getByLabel('Email').filter({ visible: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(password)
  const remember = page.getByRole('checkbox', { name: /Ricordami/ })
  if (options.remember === false) await remember.uncheck()
  await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
}

async function sessionCookie(context: BrowserContext) {
  const cookies = await context.cookies()
  return cookies.find((cookie) => cookie.name.endsWith('bancadati.session_token'))
}

test.describe('trial sign-up', () => {
  test('shows the page as specified and creates a trial account whose mailed password works', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    const email = `registrazione-${unique()}@esempio.it`
    await page.goto('/registrati')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Registrati ora e ottieni 7 giorni di prova gratuita!' }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Crea un nuovo account' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Hai già un account?' })).toHaveAttribute('href', '/accedi')
    await expect(page.getByRole('link', { name: 'Vuoi sottoscrivere un abbonamento?' })).toHaveAttribute(
      'href',
      '/acquista',
    )
    // Google and Facebook have no keys here: the embedded portal offers them through its test provider.
    await expect(page.getByRole('button', { name: /Registrati con (Google|Facebook)/ })).toHaveCount(2)

    // The popover is set up after one second and lists what the trial includes.
    const trigger = page.getByRole('button', { name: 'La prova gratuita include' })
    await expect(page.locator('[data-trial-info][data-ready="true"]')).toHaveCount(1, { timeout: 3000 })
    await trigger.click()
    const panel = page.getByRole('region', { name: 'La prova gratuita include' })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('listitem')).toHaveText([
      'CCNL in vigore',
      'tabelle retributive in vigore',
      'quotidiano',
    ])

    const profession = page.getByLabel('Professione')
    await expect(profession.locator('option')).toHaveText([
      'Seleziona la tua professione',
      'Professionista',
      'Associazione/Sindacato',
      'Azienda/HR',
      'Lavoratore',
      'Altro',
    ])

    const submit = page.getByRole('button', { name: 'REGISTRATI', exact: true })
    await expect(submit).toBeDisabled()
    await page.getByLabel('Nome', { exact: true }).fill('Maria')
    await page.getByLabel('Cognome').fill('Verdi')
    await page.getByLabel('Email').fill(email)
    await profession.selectOption({ label: 'Azienda/HR' })
    const terms = page.getByRole('checkbox', { name: /Ho letto e accetto/ })
    await expect(page.getByRole('link', { name: 'Termini e condizioni' }).first()).toBeVisible()
    await terms.check()
    await expect(submit).toBeEnabled()
    await submit.click()

    // The password goes by mail: the form says so, signed in nobody, and leads to the sign-in page.
    await expect(page.getByText(`abbiamo inviato a ${email} l’email con la password`)).toBeVisible()
    await screens(page, 'registrati-inviata')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Accedi' })).toBeVisible()
    const password = passwordIn(await mailTo(request, email, 'credenziali'))
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/)
    await page.getByRole('link', { name: 'Vai all’accesso' }).click()
    await page.waitForURL('**/accedi')
    await login(page, email, password)
    await page.waitForURL('**/bancadati')
    // Signed in: the top bar shows the trial and its end.
    await expect(
      page.getByRole('banner').getByText(/periodo di prova gratuita termina tra 7 giorni/),
    ).toBeVisible()

    // Esci returns to the home page, signed out.
    await page.getByRole('banner').locator('summary.user-trigger').click()
    await page.getByRole('banner').getByRole('button', { name: 'Esci' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Accedi' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('answers an e-mail that is already registered as a new one, and mails its owner instead', async ({
    page,
    request,
  }) => {
    const email = `gia-registrata-${unique()}@esempio.it`
    await signUpForTrial(request, email)
    await page.goto('/registrati')
    await page.getByLabel('Nome', { exact: true }).fill('Giulia')
    await page.getByLabel('Cognome').fill('Bianchi')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
    await page.getByRole('button', { name: 'REGISTRATI', exact: true }).click()
    await expect(page.getByText(`abbiamo inviato a ${email} l’email con la password`)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    const notice = await mailTo(request, email, 'Richiesta di prova gratuita con il tuo indirizzo')
    expect(notice.text).toContain('ha già un account')
    expect(notice.text).not.toMatch(/Password:/)
  })

  test('checks the fields before sending', async ({ page }) => {
    await page.goto('/registrati')
    await page.getByLabel('Email').fill('senza-chiocciola')
    await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check()
    await page.getByRole('button', { name: 'REGISTRATI', exact: true }).click()
    await expect(page.getByText('Inserisci il nome.')).toBeVisible()
    await expect(page.getByText('Inserisci il cognome.')).toBeVisible()
    await expect(page.getByText('Inserisci un indirizzo email valido.')).toBeVisible()
  })
})

test.describe('login', () => {
  test('refuses a wrong password with the specified message', async ({ page }) => {
    await page.goto('/accedi')
    await login(page, 'premium@demo.local', 'non-la-password')
    await expect(page.getByRole('alert')).toHaveText(
      'Accesso non riuscito: Verifica che username e password siano corretti.',
    )
    await expect(page).toHaveURL(/\/accedi$/)
  })

  test('with Ricordami ticked keeps a persistent cookie of 30 days', async ({ page, context }) => {
    await page.goto('/accedi')
    await expect(page.getByRole('checkbox', { name: /Ricordami/ })).toBeChecked()
    const signedIn = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/auth/sign-in/email') && response.request().method() === 'POST',
    )
    await login(page, 'professional@demo.local', DEMO_PASSWORD)
    await page.waitForURL('**/bancadati')
    const cookie = await sessionCookie(context)
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')
    expect(cookie?.expires).toBeGreaterThan(0)
    // The lifetime as the portal sets it (Max-Age): the browser's cookie store keeps the
    // computer's real clock, which the runs with the clock moved (npm run test:at) leave alone.
    const setCookies = (await (await signedIn).headersArray()).filter(
      (header) => header.name.toLowerCase() === 'set-cookie',
    )
    const session = setCookies.find((header) => /bancadati\.session_token=/.test(header.value))
    const days = Number(/Max-Age=(\d+)/i.exec(session?.value ?? '')?.[1]) / (24 * 3600)
    expect(days).toBeGreaterThan(29)
    expect(days).toBeLessThan(31)
  })

  test('without Ricordami keeps a cookie that ends with the browser', async ({ page, context }) => {
    await page.goto('/accedi')
    await login(page, 'professional@demo.local', DEMO_PASSWORD, { remember: false })
    await page.waitForURL('**/bancadati')
    const cookie = await sessionCookie(context)
    expect(cookie).toBeDefined()
    expect(cookie?.expires).toBe(-1)
  })

  test('a sign-in typed before the form hydrates waits for it, even when the scripts arrive late', async ({
    page,
  }) => {
    // The islands’ scripts arrive a second late; the test drives the form at once, without waiting
    // itself: the shared `test` holds every action until the island has hydrated.
    await page.route('**/_astro/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.continue()
    })
    await page.goto('/accedi')
    await page.getByLabel('Email').filter({ visible: true }).fill('professional@demo.local')
    await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
    await page.waitForURL('**/bancadati')
    // The credentials went to the sign-in call, never into the address bar of a plain form submit.
    expect(page.url()).not.toContain('professional')
  })

  test('returns to a page of the site after login, never to another site', async ({ page, context }) => {
    await page.goto(`/accedi?returnUrl=${encodeURIComponent('/prodotti/werte?da=accesso')}`)
    await login(page, 'studio@demo.local', DEMO_PASSWORD)
    await page.waitForURL('**/prodotti/werte?da=accesso')

    await context.clearCookies()
    await page.goto(`/accedi?returnUrl=${encodeURIComponent('//esempio.invalid/furto')}`)
    await login(page, 'studio@demo.local', DEMO_PASSWORD)
    await page.waitForURL((url) => url.pathname === '/bancadati' && url.host === new URL(page.url()).host)

    // A signed-in visitor who opens the login page goes to the database home.
    await page.goto('/accedi')
    await expect(page).toHaveURL(/\/bancadati$/)
  })
})

test.describe('password reset', () => {
  test('sends the mail from the login page and sets a new password through its link, once', async ({
    page,
    request,
  }) => {
    const email = `recupero-${unique()}@esempio.it`
    await signUpForTrial(request, email)

    await page.goto('/accedi')
    await page.getByRole('button', { name: 'Password dimenticata?' }).click()
    const modal = page.getByRole('dialog', { name: 'Recupera la password' })
    await expect(modal).toBeVisible()
    await modal.getByLabel('Email').fill(email)
    await modal.getByRole('button', { name: 'Invia' }).click()
    await expect(modal.getByRole('status')).toContainText(
      'Ti abbiamo inviato una mail per recuperare la password.',
    )

    const mail = await mailTo(request, email, 'Reimposta la password')
    const link = /https?:\/\/\S+\/reimposta-password\/\?oobCode=[\w-]+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()
    const resetPath = new URL(link as string)
    await page.goto(`${resetPath.pathname}${resetPath.search}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Reimposta la password' })).toBeVisible()

    await page.getByLabel('Nuova password', { exact: true }).fill('NuovaPass26')
    await page.getByLabel('Conferma la nuova password').fill('NuovaPass27')
    await page.getByRole('button', { name: 'Salva la password' }).click()
    await expect(page.getByText('Le password digitate non corrispondono')).toBeVisible()

    await page.getByLabel('Conferma la nuova password').fill('NuovaPass26')
    await page.getByRole('button', { name: 'Salva la password' }).click()
    await expect(page.getByText('Hai recuperato con successo la password.')).toBeVisible()

    await page.getByRole('link', { name: 'Vai all’accesso' }).click()
    await login(page, email, 'NuovaPass26')
    await page.waitForURL('**/bancadati')

    // The link works once.
    await page.goto(`${resetPath.pathname}${resetPath.search}`)
    await expect(page.getByRole('alert')).toContainText('è scaduto o è già stato usato')
    await expect(page.getByLabel('Nuova password', { exact: true })).toHaveCount(0)
  })

  test('says when the recovery mail cannot be sent', async ({ page }) => {
    await page.goto('/accedi#recupero-password')
    const modal = page.getByRole('dialog', { name: 'Recupera la password' })
    await expect(modal).toBeVisible()
    await modal.getByLabel('Email').fill('non-un-indirizzo')
    await modal.getByRole('button', { name: 'Invia' }).click()
    await expect(modal.getByText('Inserisci un indirizzo email valido.')).toBeVisible()
  })
})

test.describe('single session', () => {
  test('a login from a second browser ends the first one, which shows the forced-logout modal', async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const first = await newContext(browser)
    const second = await newContext(browser)
    try {
      const office = await first.newPage()
      await office.goto('/accedi')
      await login(office, 'collega@demo.local', DEMO_PASSWORD)
      await office.waitForURL('**/bancadati')
      await office.goto('/prodotti')
      const modal = office.getByRole('alertdialog', { name: 'SEI STATO DISCONNESSO.' })
      await expect(modal).toBeHidden()

      const home = await second.newPage()
      await home.goto('/accedi')
      await login(home, 'collega@demo.local', DEMO_PASSWORD)
      await home.waitForURL('**/bancadati')

      // The first browser finds out at its next 30-second check.
      await expect(modal).toBeVisible({ timeout: 40_000 })
      await expect(modal).toContainText("è stato effettuato l'accesso da un'altra postazione")
      await expect(modal.getByRole('link', { name: 'Riaccedi' })).toHaveAttribute(
        'href',
        `/accedi?returnUrl=${encodeURIComponent('/prodotti')}`,
      )
      expect(await sessionCookie(first)).toBeUndefined()
      await modal.getByRole('button', { name: 'Ok' }).click()
      await office.waitForURL((url) => url.pathname === '/')

      // The second browser is still signed in.
      const check = await home.request.get('/api/v1/user/validatesession')
      expect(check.status()).toBe(200)
    } finally {
      await first.close()
      await second.close()
    }
  })
})
