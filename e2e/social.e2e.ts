/**
 * Sign-in with Google and Facebook in the browser, against the portal whose
 * providers point at the local OpenID provider (it approves at once): the
 * buttons, a first sign-up through /registrati/setupsocial to /bancadati, a
 * second sign-in straight in, an existing e-mail account, and the set-up page
 * for visitors who are not signed in.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { oidcIssuer } from '../tests/e2e-servers.ts'
import { expect, test, confirmAddress, newContext } from './helpers.ts'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

type Identity = { email: string; name: string; givenName: string; familyName: string }
type Mail = { to: string; subject: string; text: string }

/** The identity the provider signs in with next. */
async function providerSignsInAs(request: APIRequestContext, identity: Identity) {
  const response = await request.post(`${oidcIssuer}/__identity`, { data: identity })
  expect(response.status()).toBe(204)
}

const person = (prefix: string): Identity => ({
  email: `${prefix}-${unique()}@esempio.it`,
  name: 'Giulia Bianchi',
  givenName: 'Giulia',
  familyName: 'Bianchi',
})

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

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('social sign-in', () => {
  test('shows the Google and Facebook buttons on the sign-up and login pages', async ({ page }) => {
    await page.goto('/registrati')
    await expect(page.getByRole('button', { name: 'Registrati con Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Registrati con Facebook' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Crea un nuovo account' })).toBeVisible()
    await page.goto('/accedi')
    await expect(page.getByRole('button', { name: 'Accedi con Google' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accedi con Facebook' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'ACCEDI', exact: true })).toBeVisible()
  })

  test('a first Google sign-in completes the registration on /registrati/setupsocial and lands on /bancadati', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    const identity = person('google')
    await providerSignsInAs(request, identity)

    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Google' }).click()
    await page.waitForURL('**/registrati/setupsocial')
    await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto, Giulia Bianchi!' })).toBeVisible()
    await expect(page.locator('#contenuto').getByText(identity.email)).toBeVisible()
    expect((await signedIn(page))?.email).toBe(identity.email)

    // Until the registration is completed, other pages lead back here.
    await page.goto('/bancadati')
    await page.waitForURL('**/registrati/setupsocial')

    // The placeholder is not a profession: nothing is sent.
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

  test('a second sign-in goes straight in, from the login page, honouring Ricordami', async ({
    page,
    browser,
    request,
  }) => {
    const identity = person('ritorno')
    await providerSignsInAs(request, identity)
    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Google' }).click()
    await page.waitForURL('**/registrati/setupsocial')
    await page.getByLabel('Professione').selectOption({ label: 'Professionista' })
    await page.getByRole('button', { name: 'Completa registrazione' }).click()
    await page.waitForURL('**/bancadati')

    const other = await newContext(browser)
    const second = await other.newPage()
    await providerSignsInAs(request, identity)
    await second.goto('/accedi')
    // 'Ricordami' unticked: the session ends with the browser, as after a password login.
    await second.getByRole('checkbox', { name: /Ricordami/ }).uncheck()
    await second.getByRole('button', { name: 'Accedi con Google' }).click()
    await second.waitForURL('**/bancadati')
    expect((await signedIn(second))?.email).toBe(identity.email)
    const cookie = (await other.cookies()).find((item) => item.name.endsWith('bancadati.session_token'))
    expect(cookie?.expires).toBe(-1)
    // Single session: the first browser has been signed out.
    expect(await signedIn(page)).toBeNull()
    await other.close()
  })

  test('Facebook signs up too, and an e-mail already registered signs into its account once confirmed', async ({
    page,
    request,
  }) => {
    const identity = { ...person('facebook'), name: 'Luca Gialli', givenName: 'Luca', familyName: 'Gialli' }
    await providerSignsInAs(request, identity)
    await page.goto('/registrati')
    await page.getByRole('button', { name: 'Registrati con Facebook' }).click()
    await page.waitForURL('**/registrati/setupsocial')
    await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto, Luca Gialli!' })).toBeVisible()

    const existing = person('esistente')
    const signup = await request.post('/api/v1/user/trial-signup', {
      data: { nome: 'Marco', cognome: 'Neri', email: existing.email, professione: 'lavoratore' },
    })
    expect(signup.status()).toBe(201)
    await page.context().clearCookies()
    // Not confirmed yet: Google does not sign into it, and the login page says why.
    await providerSignsInAs(request, existing)
    await page.goto('/accedi')
    await page.getByRole('button', { name: 'Accedi con Google' }).click()
    await page.waitForURL(/\/accedi\?error=account_not_linked$/)
    await expect(page.getByText(/l’indirizzo non è ancora stato confermato/)).toBeVisible()
    expect(await signedIn(page)).toBeNull()

    await confirmAddress(request, existing.email)
    await providerSignsInAs(request, existing)
    await page.getByRole('button', { name: 'Accedi con Google' }).click()
    await page.waitForURL('**/bancadati')
    const user = await signedIn(page)
    expect(user).toMatchObject({ email: existing.email, displayName: 'Marco Neri' })
  })

  test('the set-up page sends a visitor who is not signed in to the home page', async ({ page }) => {
    await page.goto('/registrati/setupsocial')
    await expect(page).toHaveURL(/\/$/)
  })
})
