/**
 * The signed-in account's own pages in the browser: the password change
 * (hint, disabled Save, wrong old password, success then login with the new
 * one), the e-mail change undone through the mailed link, the profile
 * picture, /profilo for a running and an ended trial, and the operators'
 * subscriber page in /admin. Screenshots of the pages at 1280 and 375 px go
 * to test-results/screens.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import {
  expect,
  test,
  adminLogin,
  collectErrors,
  confirmInAnotherTab,
  DEMO_PASSWORD,
  loginFormReady,
  mailTo,
  newContext,
  screens,
  signUpForTrial,
  unique,
} from './helpers.ts'
import sharp from 'sharp'

/** A new trial account (through the sign-up call); returns its generated password. */
const newAccount = (request: APIRequestContext, email: string) =>
  signUpForTrial(request, email, { nome: 'Chiara', cognome: 'Profilo' })

async function login(page: Page, email: string, password: string, returnUrl: string) {
  await page.goto(`/accedi?returnUrl=${encodeURIComponent(returnUrl)}`)
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(password)
  await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
  await page.waitForURL((url) => url.pathname === returnUrl.replace(/\/$/, '') || url.pathname === returnUrl)
}

async function signOut(page: Page) {
  await page.getByRole('banner').locator('summary.user-trigger').click()
  await page.getByRole('banner').getByRole('button', { name: 'Esci' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

test.describe('password change', () => {
  test('live hint, Save disabled by the rules, wrong old password, success, then login with the new one', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    const email = `password-${unique()}@esempio.it`
    const password = await newAccount(request, email)
    await login(page, email, password, '/profilo/modifica-password/')

    await expect(page.getByRole('heading', { level: 1, name: 'Modifica password' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Torna al profilo' })).toHaveAttribute('href', '/profilo')
    const old = page.getByLabel('Vecchia password')
    const next = page.getByLabel('Nuova password', { exact: true })
    const confirm = page.getByLabel('Conferma nuova password')
    const save = page.getByRole('button', { name: 'Salva' })
    const hint = page.getByText('Almeno 8 caratteri (massimo 20), senza spazi.')

    await expect(save).toBeDisabled()
    await expect(hint).toHaveAttribute('data-met', 'false')
    await screens(page, 'modifica-password')
    await next.pressSequentially('Nuova20')
    await expect(hint).toHaveAttribute('data-met', 'false')
    await next.pressSequentially('2')
    await expect(hint).toHaveAttribute('data-met', 'true')
    await expect(hint).toHaveCSS('color', 'rgb(23, 108, 61)')
    await confirm.fill('Nuova203')
    await expect(page.getByText('Assicurati che le due password corrispondano')).toBeVisible()
    await old.fill('corta')
    await expect(save).toBeDisabled()
    await confirm.fill('Nuova202')
    await expect(page.getByText('Assicurati che le due password corrispondano')).toHaveCount(0)
    await expect(save).toBeDisabled()

    // A wrong old password of 8 characters or more: the specified failure with its reasons.
    await old.fill('sbagliata1')
    await expect(save).toBeEnabled()
    await save.click()
    const failure = page.getByRole('alert').filter({ hasText: 'Impossibile aggiornare la password.' })
    await expect(failure).toBeVisible()
    await expect(failure.getByRole('listitem')).toHaveCount(3)
    await expect(page.getByText('La password attuale non è corretta.')).toBeVisible()

    await old.fill(password)
    await save.click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Modifica password avvenuta con successo.' }),
    ).toBeVisible()
    await expect(old).toHaveValue('')

    // The current session stays; the new password works after signing out, the old one no longer.
    await page.goto('/profilo')
    await expect(page.getByTestId('profilo-email')).toHaveText(email)
    await signOut(page)
    await page.goto('/accedi')
    await loginFormReady(page)
    await page.getByLabel('Email').filter({ visible: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(password)
    await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
    await expect(
      page.getByText('Accesso non riuscito: Verifica che username e password siano corretti.'),
    ).toBeVisible()
    await login(page, email, 'Nuova202', '/profilo')
    await expect(page.getByTestId('profilo-email')).toHaveText(email)

    // The Sicurezza tab: edit mode with Annulla, its own success text.
    await page.goto('/v2/profilo/sicurezza')
    await expect(page.getByRole('link', { name: 'Sicurezza' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('button', { name: 'Modifica password' }).click()
    await page.getByRole('button', { name: 'Annulla' }).click()
    await page.getByRole('button', { name: 'Modifica password' }).click()
    await page.getByLabel('Vecchia password').fill('Nuova202')
    await page.getByLabel('Nuova password', { exact: true }).fill('Terza2026')
    await page.getByLabel('Conferma nuova password').fill('Terza2026')
    await page.getByRole('button', { name: 'Salva' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Password modificata con successo.' }),
    ).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('account tab', () => {
  test('changes the e-mail at once, and the link mailed to the previous address undoes it once', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    const email = `cambio-${unique()}@esempio.it`
    const newEmail = `nuovo-${unique()}@esempio.it`
    const password = await newAccount(request, email)
    await login(page, email, password, '/v2/profilo')

    await expect(page.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page')
    // The tabs of a signed-in account that is not a Studio secondary one.
    await expect(page.getByRole('navigation', { name: 'Sezioni del profilo' }).getByRole('link')).toHaveText([
      'Account',
      'Sicurezza',
      'Abbonamento',
      'Fatturazione',
    ])
    // A new account's address is not confirmed yet: the tab says so, and the address cannot change.
    const unconfirmed = page.getByRole('status').filter({ hasText: 'Da confermare' })
    await expect(unconfirmed).toContainText(`L'indirizzo ${email} non è ancora confermato`)
    await expect(page.getByRole('button', { name: 'Invia di nuovo la mail di conferma' })).toBeVisible()
    await page.getByRole('button', { name: 'Modifica email' }).click()
    const save = page.getByRole('button', { name: 'Salva' })
    await expect(save).toBeDisabled()
    await page.getByLabel('Nuovo indirizzo email').fill(newEmail)
    await page.getByLabel('Password attuale').fill(password)
    await save.click()
    await expect(page.getByText('Conferma il tuo indirizzo email per continuare')).toBeVisible()
    // Confirmed from the welcome mail's link in another tab: the notice updates by itself.
    await confirmInAnotherTab(page, email)
    await expect(page.getByText('Indirizzo email confermato.')).toBeVisible({ timeout: 15_000 })
    await page.getByLabel('Password attuale').fill('sbagliata1')
    await save.click()
    await expect(page.getByText('La password non è corretta.')).toBeVisible()
    await page.getByLabel('Password attuale').fill(password)
    await save.click()
    await expect(
      page.getByText(
        'Email aggiornata correttamente. Abbiamo inviato una mail al precedente indirizzo per eventualmente annullare la modifica.',
      ),
    ).toBeVisible()
    await expect(page.getByTestId('email-account')).toHaveText(newEmail)

    // The display name, while here.
    await page.getByRole('button', { name: 'Modifica nome visualizzato' }).click()
    await page.getByRole('textbox', { name: 'Nome visualizzato' }).fill('Chiara P.')
    await page.getByRole('button', { name: 'Salva' }).click()
    await expect(page.getByText('Nome visualizzato aggiornato correttamente.')).toBeVisible()
    await expect(page.locator('[data-viewer-name]').first()).toHaveText('Chiara P.')

    const mail = await mailTo(request, email, 'è stato modificato')
    expect(mail.to).toContain(email)
    expect(mail.text).toContain(newEmail)
    const link = /(https?:\/\/\S+\/profilo\/annulla-modifica-email\?codice=[\w-]+)/.exec(mail.text)?.[1]
    expect(link).toBeTruthy()

    await page.goto(link as string)
    await expect(page.getByText(`da ${email} a ${newEmail}`)).toBeVisible()
    await page.getByRole('button', { name: "Ripristina l'indirizzo precedente" }).click()
    await expect(page.getByText(`Fatto: l'account usa di nuovo l'indirizzo ${email}.`)).toBeVisible()

    // Every session ended; the previous address signs in again.
    await page.goto('/profilo')
    await expect(page).toHaveURL(/\/accedi\?returnUrl=/)
    await login(page, email, password, '/profilo')
    await expect(page.getByTestId('profilo-email')).toHaveText(email)

    // The link works once.
    await page.goto(link as string)
    await expect(page.getByText('Il collegamento per annullare la modifica non è valido')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('uploads a profile picture shown in the user menu, and names a file that is not an image', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    const email = `foto-${unique()}@esempio.it`
    const password = await newAccount(request, email)
    await login(page, email, password, '/v2/profilo')

    const input = page.getByLabel('Scegli un’immagine')
    await input.setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('non sono una foto'),
    })
    await page.getByRole('button', { name: 'Carica immagine' }).click()
    await expect(page.getByText('Il file «foto.png» non è un’immagine JPEG, PNG o WebP.')).toBeVisible()
    await expect(page.getByTestId('immagine-profilo')).toHaveCount(0)

    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1d5fa8' } })
      .png()
      .toBuffer()
    await input.setInputFiles({ name: 'ritratto.png', mimeType: 'image/png', buffer: png })
    await page.getByRole('button', { name: 'Carica immagine' }).click()
    await expect(page.getByText('Immagine del profilo aggiornata.')).toBeVisible()
    const picture = page.getByTestId('immagine-profilo')
    await expect(picture).toBeVisible()
    const src = (await picture.getAttribute('src')) as string
    expect(src).toMatch(/^\/api\/v1\/user\/profilepicture\/.+\.webp$/)
    await expect(page.locator('[data-viewer-avatar] img').first()).toHaveAttribute('src', src)

    // After a reload the top bar's user menu shows it too.
    await page.reload()
    const avatar = page.getByRole('banner').locator('[data-viewer-avatar] img')
    await expect(avatar).toHaveAttribute('src', src)
    expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256)
    await screens(page, 'v2-profilo-account')
    await page.goto('/v2/profilo/sicurezza')
    await page.getByRole('button', { name: 'Modifica password' }).click()
    await page.getByLabel('Nuova password', { exact: true }).fill('Nuova2026')
    await screens(page, 'v2-profilo-sicurezza')
    expect(errors).toEqual([])
  })

  test('sends signed-out visitors to the login page and answers 404 for a tab that does not exist', async ({
    page,
  }) => {
    await page.goto('/v2/profilo/sicurezza')
    await expect(page).toHaveURL(/\/accedi\?returnUrl=%2Fv2%2Fprofilo%2Fsicurezza$/)
    await page.goto('/profilo')
    await expect(page).toHaveURL(/\/accedi\?returnUrl=%2Fprofilo$/)
    await login(page, 'prova@demo.local', DEMO_PASSWORD, '/v2/profilo')
    const missing = await page.goto('/v2/profilo/inesistente')
    expect(missing?.status()).toBe(404)
    await expect(page.getByText('La pagina che hai cercato non esiste!')).toBeVisible()
  })
})

test.describe('/profilo', () => {
  test('a running trial: e-mail, plan Nessuno, the trial end, the purchase notice and the links', async ({
    page,
  }) => {
    await login(page, 'prova@demo.local', DEMO_PASSWORD, '/profilo')
    await expect(page.getByRole('heading', { level: 1, name: 'Profilo' })).toBeVisible()
    await expect(page.getByTestId('profilo-email')).toHaveText('prova@demo.local')
    await expect(page.getByTestId('profilo-abbonamento')).toHaveText('Nessuno')
    await expect(page.getByTestId('profilo-prova')).toHaveText(/^attiva fino al \d{2}\/\d{2}\/\d{4}$/)
    await expect(page.getByText('Non hai ancora sottoscritto un abbonamento!')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Scopri gli abbonamenti' })).toHaveAttribute(
      'href',
      '/acquista',
    )
    const links = page.getByRole('navigation', { name: 'Gestisci il tuo account' }).getByRole('link')
    await expect(links).toHaveCount(2)
    await expect(page.getByRole('link', { name: /Modifica password/ })).toHaveAttribute(
      'href',
      '/profilo/modifica-password',
    )
    await expect(page.getByRole('link', { name: /Impostazioni account/ })).toHaveAttribute(
      'href',
      '/v2/profilo',
    )
    // Without a subscription neither subscription nor Studio management is offered.
    await expect(page.getByRole('link', { name: /Gestisci abbonamento/ })).toHaveCount(0)
    await expect(page.getByTestId('profilo-scadenza')).toHaveCount(0)
    await screens(page, 'profilo-prova')
  })

  test('an ended trial: plan Nessuno and the trial shown as ended', async ({ page }) => {
    await login(page, 'scaduto@demo.local', DEMO_PASSWORD, '/profilo')
    await expect(page.getByTestId('profilo-abbonamento')).toHaveText('Nessuno')
    await expect(page.getByTestId('profilo-prova')).toHaveText(/^terminata il \d{2}\/\d{2}\/\d{4}$/)
    await expect(page.getByText('Non hai ancora sottoscritto un abbonamento!')).toBeVisible()
    await screens(page, 'profilo-scaduto')
  })
})

test.describe('operators in /admin', () => {
  test('an administrator finds a subscriber by e-mail, sees profile and sessions and ends them', async ({
    page,
    browser,
    request,
  }) => {
    const email = `operatore-${unique()}@esempio.it`
    const password = await newAccount(request, email)
    const subscriber = await newContext(browser)
    const subscriberPage = await subscriber.newPage()
    await login(subscriberPage, email, password, '/profilo')

    await adminLogin(page, 'admin@demo.local')
    await expect(page.locator('#nav-abbonati')).toHaveAttribute('href', '/admin/abbonati')
    await page.getByRole('link', { name: 'Cerca un abbonato' }).click()
    await expect(page).toHaveURL(/\/admin\/abbonati$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Abbonati' })).toBeVisible()
    await page.getByLabel('Email (anche parziale)').fill(email.slice(0, 20))
    await page.getByRole('button', { name: 'Cerca' }).click()
    await page.getByRole('link', { name: email }).click()

    await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible()
    const profile = page.getByRole('definition')
    await expect(profile.filter({ hasText: 'Chiara Profilo' })).toHaveCount(1)
    await expect(profile.filter({ hasText: 'Prova gratuita in corso' })).toHaveCount(1)
    await expect(profile.filter({ hasText: 'Altro' })).toHaveCount(1)
    const sessions = page.getByRole('table', { name: 'Sessioni aperte' })
    await expect(sessions.getByRole('row')).toHaveCount(2)
    await expect(sessions).toContainText('127.0.0.1')
    await page.screenshot({ path: 'test-results/screens/admin-abbonati-1280.png', fullPage: true })

    await page.getByRole('button', { name: 'Termina tutte le sessioni' }).click()
    await expect(page.getByText('È stata terminata 1 sessione.')).toBeVisible()
    await expect(page.getByText('Nessuna sessione aperta.')).toBeVisible()
    const check = await subscriberPage.request.get('/api/v1/user/validatesession')
    expect(check.status()).toBe(401)
    await subscriber.close()
  })

  test('an editor neither sees the link nor opens the page', async ({ page }) => {
    await adminLogin(page, 'redazione@demo.local')
    await expect(page.locator('#nav-abbonati')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Cerca un abbonato' })).toHaveCount(0)
    await page.goto('/admin/abbonati?email=demo')
    await expect(page.getByText('Solo gli amministratori possono consultare gli abbonati.')).toBeVisible()
    await expect(page.getByText('prova@demo.local')).toHaveCount(0)
  })
})
