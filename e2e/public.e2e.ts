/**
 * The public site in the browser: landing (and its redirect for signed-in
 * visitors), product pages, the information and Enterprise requests, legal
 * pages, the cookie choice, the help centre with a support report end to end,
 * the guided tours, an editor's change in /admin shown at once, SEO files.
 * Every page is checked with axe at 1280 and 375 px and photographed.
 */
import { expect, test, expectAccessible, loginFormReady } from './helpers.ts'
import { type APIRequestContext, type Page } from '@playwright/test'
import { it } from '../modules/i18n/index.ts'

const PASSWORD = 'Demo2026!'
const SALES = 'commerciale@bancadati.local'
const SUPPORT = 'assistenza@bancadati.local'
const widths = [1280, 375] as const
/** The contract of the guides 'contratto' and 'sintesi' (help centre). */
const GUIDE_CONTRACT = '/bancadati/0/11/133/19'
/** Each guide and the page its card opens. */
const GUIDES = {
  'banca-dati': '/bancadati',
  quotidiano: '/bancadati/quotidiano',
  contratto: GUIDE_CONTRACT,
  sintesi: GUIDE_CONTRACT,
} as const

type Mail = { to: string; subject: string; text: string; html: string; date: string }

async function mailTo(
  request: APIRequestContext,
  address: string,
  match: (mail: Mail) => boolean,
): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/posta/messages.json?to=${encodeURIComponent(address)}`)
        found = ((await response.json()) as Mail[]).find(match)
        return found !== undefined
      },
      { timeout: 20_000, message: `e-mail a ${address}` },
    )
    .toBe(true)
  return found as Mail
}

/** Refuses the optional cookies on the first page, so the banner does not cover the page. */
async function dismissCookies(page: Page) {
  const chosen = (await page.context().cookies()).some((cookie) => cookie.name === 'cc_cookie')
  if (!chosen)
    await page.locator('#cc-main .cm').getByRole('button', { name: 'Rifiuta i facoltativi' }).click()
  await expect(page.locator('#cc-main .cm')).toBeHidden()
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(1)
}

async function photograph(page: Page, name: string, width: number) {
  await page.screenshot({ path: `test-results/screens/public-${name}-${width}.png`, fullPage: true })
}

async function login(page: Page, email: string, returnUrl?: string) {
  await page.goto(returnUrl ? `/accedi?returnUrl=${encodeURIComponent(returnUrl)}` : '/accedi')
  await dismissCookies(page)
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
  await expect(page).not.toHaveURL(/\/accedi/)
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/cms/api/users/login', {
    data: { email: 'admin@demo.local', password: PASSWORD },
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { token: string }).token
}

const publicPages = [
  { name: 'landing', path: '/', heading: 'I CCNL, le tabelle retributive e le scadenze, sempre aggiornati.' },
  { name: 'prodotti', path: '/prodotti', heading: 'App e Prodotti' },
  { name: 'werte', path: '/prodotti/werte', heading: /dal 1975 a oggi/ },
  { name: 'wertecolf', path: '/prodotti/wertecolf', heading: /Colf, badanti e baby sitter/ },
  { name: 'werteplus', path: '/prodotti/werteplus', heading: /contrattazione di secondo livello/ },
  { name: 'enterprise', path: '/richiedi-enterprise', heading: /tutta la tua organizzazione/ },
  { name: 'termini', path: '/termini-e-condizioni', heading: 'Termini e condizioni' },
  { name: 'privacy', path: '/privacy-policy', heading: 'Privacy policy' },
  { name: 'cookie', path: '/cookie-policy', heading: 'Cookie policy' },
]

for (const width of widths) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } })

    for (const entry of publicPages) {
      test(`${entry.path} has its heading, SEO tags, no serious axe violation and fits the screen`, async ({
        page,
      }) => {
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(entry.path)
        await dismissCookies(page)
        await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible()
        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
          'href',
          new RegExp(`${entry.path === '/' ? '/$' : `${entry.path}$`}`),
        )
        await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', /.+/)
        await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
        await noSidewaysScroll(page)
        await expectAccessible(page)
        await photograph(page, entry.name, width)
        expect(errors).toEqual([])
      })
    }
  })
}

test.describe('landing page', () => {
  test('links to the database, purchase, trial (with its note), products and policies', async ({ page }) => {
    await page.goto('/')
    await dismissCookies(page)
    await expect(page.getByRole('link', { name: /Entra nella Banca Dati/ })).toHaveAttribute(
      'href',
      '/bancadati',
    )
    await expect(page.getByRole('link', { name: 'Scopri gli abbonamenti' })).toHaveAttribute(
      'href',
      '/acquista',
    )
    const trial = page.getByRole('link', { name: /Prova gratis per 7 giorni/ }).first()
    await expect(trial).toHaveAttribute('href', '/registrati')
    await trial.hover()
    const note = page.getByRole('tooltip')
    await expect(note).toBeVisible()
    await expect(note).toContainText('CCNL in vigore')
    await expect(note).toContainText('tabelle retributive in vigore')
    await expect(note).toContainText('quotidiano')
    for (const product of ['werte', 'wertecolf', 'werteplus'])
      await expect(page.locator(`main a[href="/prodotti/${product}"]`)).toHaveCount(1)
    await expect(page.locator('main a[href="/privacy-policy"]')).toBeVisible()
    await expect(page.locator('main a[href="/cookie-policy"]')).toBeVisible()
  })

  test('sends a signed-in visitor to /bancadati', async ({ page }) => {
    await login(page, 'prova@demo.local')
    await expect(page).not.toHaveURL(/\/accedi/)
    const response = await page.request.get('/', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/bancadati')
  })
})

test.describe('product pages', () => {
  test('the dispute program shows its facts, sector table, demo videos, FAQ and print report', async ({
    page,
    request,
  }) => {
    await page.goto('/prodotti/werte')
    await dismissCookies(page)
    await expect(page.getByText('460+')).toBeVisible()
    await expect(page.getByText('1.500+')).toBeVisible()
    const table = page.getByRole('table')
    await expect(table.getByRole('row')).toHaveCount(16 + 2)
    await expect(table.getByRole('row', { name: /Totale/ })).toContainText('13.070')
    // The demo's recorded videos (their player: e2e/product-pages.e2e.ts).
    await expect(page.getByRole('region', { name: 'Guarda Werte al lavoro' }).locator('video')).toHaveCount(2)
    await page.getByText('Su quanti dispositivi posso usare Werte?').click()
    await expect(page.getByText(/numero illimitato di dispositivi/)).toBeVisible()
    const report = page.getByTestId('report-stampa')
    const href = await report.getAttribute('href')
    const pdf = await request.get(href ?? '')
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toContain('application/pdf')
    await expect(page.locator('#contattaci')).toBeVisible()
  })

  test('the domestic program has a five-screenshot carousel', async ({ page }) => {
    await page.goto('/prodotti/wertecolf')
    await dismissCookies(page)
    const carousel = page.getByRole('region', { name: 'Schermate del programma' })
    await expect(carousel.getByRole('group')).toHaveCount(5)
    await expect(carousel.getByRole('button', { name: 'Vai alla schermata 1' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await carousel.getByRole('button', { name: 'Schermata successiva' }).click()
    await expect(carousel.getByRole('button', { name: 'Vai alla schermata 2' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    const images = carousel.getByRole('img')
    await expect(images).toHaveCount(5)
    await expect(page.getByRole('heading', { name: /video/i })).toHaveCount(0)
  })

  test('the add-on page shows the chart of wage-table counts', async ({ page }) => {
    await page.goto('/prodotti/werteplus')
    await dismissCookies(page)
    const chart = page.locator('figure.p-chart')
    await expect(chart).toContainText('15.460 tabelle in 11 settori')
    await expect(chart.getByRole('listitem')).toHaveCount(11)
    await expect(page.getByText('15.000+')).toBeVisible()
  })

  test('the information request is validated in Italian, stored and mailed to sales', async ({
    page,
    request,
  }) => {
    const email = `info-${Date.now()}@esempio.it`
    await page.goto('/prodotti/werteplus#contattaci')
    await dismissCookies(page)
    const form = page.locator('#contattaci form')
    await form.getByRole('button', { name: 'Invia la richiesta' }).click()
    await expect(page).toHaveURL(/#contattaci$/)
    await expect(form.getByText('Inserisci nome e cognome.')).toBeVisible()
    await expect(form.getByText("Inserisci l'indirizzo email.")).toBeVisible()
    await expect(form.getByText('Scrivi il tuo messaggio.')).toBeVisible()
    await form.getByLabel('Nome e cognome').fill('Paolo Neri')
    await form.getByLabel('Email').fill('non-valida')
    await form.getByLabel('Messaggio').fill('Vorrei una dimostrazione di Werte Plus per il mio studio.')
    await form.getByRole('button', { name: 'Invia la richiesta' }).click()
    await expect(form.getByText("L'indirizzo email non è valido.")).toBeVisible()
    // What was typed is kept.
    await expect(form.getByLabel('Nome e cognome')).toHaveValue('Paolo Neri')
    await form.getByLabel('Email').fill(email)
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: 'Invia la richiesta' }).click()
    await expect(page.getByTestId('richiesta-inviata')).toBeVisible()
    const mail = await mailTo(request, SALES, (m) => m.text.includes(email))
    expect(mail.subject).toBe('Richiesta informazioni: Werte Plus')
    expect(mail.text).toContain('Vorrei una dimostrazione')

    const token = await adminToken(request)
    const contacts = await request.get(
      `/cms/api/contacts?where[email][equals]=${encodeURIComponent(email)}`,
      {
        headers: { authorization: `JWT ${token}` },
      },
    )
    const found = (await contacts.json()) as { docs: { product: string; name: string }[] }
    expect(found.docs[0]).toMatchObject({ product: 'Werte Plus', name: 'Paolo Neri' })
  })
})

test('the Enterprise request form is validated, stored and mailed', async ({ page, request }) => {
  const email = `enterprise-${Date.now()}@azienda.it`
  await page.goto('/richiedi-enterprise')
  await dismissCookies(page)
  await page.getByRole('button', { name: 'Invia la richiesta' }).click()
  await expect(page.getByText("Inserisci il nome dell'azienda.")).toBeVisible()
  await expect(page.getByText('Indica il numero di postazioni (da 1 a 10.000).')).toBeVisible()
  await page.getByLabel('Azienda').fill('Logistica Adriatica S.p.A.')
  await page.getByLabel('Nome e cognome').fill('Elena Ferri')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Telefono').fill('+39 071 555 1234')
  await page.getByLabel('Numero di postazioni').fill('25')
  await page.getByLabel(/Messaggio/).fill('Ci servono accessi per l’ufficio del personale.')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Invia la richiesta' }).click()
  await expect(page.getByTestId('richiesta-inviata')).toBeVisible()
  const mail = await mailTo(request, SALES, (m) => m.text.includes(email))
  expect(mail.subject).toBe('Richiesta Enterprise: Logistica Adriatica S.p.A.')
  expect(mail.text).toContain('25')
})

test('the terms are an accordion of the specified chapters with the withdrawal form', async ({ page }) => {
  await page.goto('/termini-e-condizioni')
  await dismissCookies(page)
  await expect(page.getByText('Ultimo aggiornamento: 01/12/2021')).toBeVisible()
  const chapters = page.locator('.legal__chapters > details > summary')
  await expect(chapters).toHaveText([
    '1. Condizioni di utilizzo',
    '2. Condizioni di vendita',
    "3. Diritti dell'utente",
    '4. Limitazione di responsabilità e manleva',
    '5. Disposizioni comuni',
    '6. Risoluzione delle controversie',
    'Definizioni',
  ])
  await page.getByText('1. Condizioni di utilizzo').click()
  for (const sub of [
    '1.1 Registrazione',
    '1.2 Contenuti',
    '1.3 Risorse esterne',
    '1.4 Uso consentito',
    '1.5 Licenza del software',
  ])
    await expect(page.getByText(sub, { exact: true })).toBeVisible()
  await page.getByText('2. Condizioni di vendita').click()
  await expect(
    page.locator('.legal__chapters > details').nth(1).locator('.legal__sub > details'),
  ).toHaveCount(11)
  await page.getByText("3. Diritti dell'utente").click()
  await page.getByText('3.1 Diritto di recesso').click()
  for (const field of [
    'Ordinato il',
    'Ricevuto il',
    'Nome del consumatore',
    'Indirizzo del consumatore',
    'Data:',
    'Firma del consumatore',
  ])
    await expect(page.getByText(field).first()).toBeVisible()
})

test.describe('a first visit, before any cookie choice', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('the cookie bar leaves the offer of /acquista in view at 1280×800', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/acquista')
    const banner = page.locator('#cc-main .cm')
    await expect(banner).toBeVisible()
    const box = await banner.boundingBox()
    // A bar along the bottom edge, no taller than a sixth of the window.
    expect(box?.y ?? 0).toBeGreaterThan(800 - 800 / 6)
    expect(box?.width).toBe(1280)
    // Every plan's name, description and Studio option can be seen and clicked with the bar open.
    for (const plan of await page.locator('.plan').all()) {
      for (const part of await plan.locator('.plan__name, .plan__tagline, .plan__studio').all()) {
        const covered = await part.evaluate((element) => {
          const rect = element.getBoundingClientRect()
          const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
          return !top || !element.contains(top)
        })
        expect(covered, await part.innerText()).toBe(false)
      }
    }
  })

  test('the cookie choice is recorded on the server and persists across reloads', async ({ page }) => {
    await page.goto('/')
    const banner = page.locator('#cc-main .cm')
    await expect(banner).toBeVisible()
    const accept = banner.getByRole('button', { name: 'Accetta tutti' })
    const reject = banner.getByRole('button', { name: 'Rifiuta i facoltativi' })
    // Equally prominent: same size and colours.
    const [a, r] = await Promise.all([accept.boundingBox(), reject.boundingBox()])
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0))).toBeLessThan(1)
    const colours = async (locator: typeof accept) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element)
        return [style.backgroundColor, style.color, style.fontWeight]
      })
    expect(await colours(accept)).toEqual(await colours(reject))

    const recorded = page.waitForResponse((response) => response.url().endsWith('/api/v1/consenso-cookie'))
    await reject.click()
    const response = await recorded
    expect(response.status()).toBe(201)
    expect(((await response.json()) as { categories: string[] }).categories).toEqual(['necessary'])
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(banner).toBeHidden()

    // The footer link reopens the preferences; accepting all records the change.
    await page.getByRole('button', { name: 'Preferenze cookie' }).click()
    const preferences = page.locator('#cc-main .pm')
    await expect(preferences).toBeVisible()
    await expect(preferences.getByRole('button', { name: 'Cookie analitici' })).toBeVisible()
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/v1/consenso-cookie'))
    await preferences.getByRole('button', { name: 'Accetta tutti' }).click()
    expect(((await (await changed).json()) as { categories: string[] }).categories).toEqual([
      'necessary',
      'analytics',
    ])
    await page.reload()
    await expect(banner).toBeHidden()
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cc_cookie')
    expect(decodeURIComponent(cookie?.value ?? '')).toContain('analytics')
  })
})

test.describe('help centre', () => {
  test('sends signed-out visitors to the login page and back', async ({ page }) => {
    await page.goto('/assistenza')
    await expect(page).toHaveURL(/\/accedi\?returnUrl=%2Fcentroassistenza%2Ffaq/)
    await dismissCookies(page)
    await loginFormReady(page)
    await page.getByLabel('Email').filter({ visible: true }).fill('prova@demo.local')
    await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
    await expect(page).toHaveURL(/\/centroassistenza\/faq$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Benvenuto nel Centro Assistenza, Giulia.',
    )
  })

  for (const width of widths) {
    test(`shows the FAQ by default and no guides to a trial account at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await login(page, 'prova@demo.local', '/centroassistenza/faq')
      await expect(page.getByTestId('benvenuto')).toHaveText('Benvenuto nel Centro Assistenza, Giulia.')
      const tabs = page.getByRole('navigation', { name: 'Sezioni del Centro Assistenza' })
      await expect(tabs.getByRole('link')).toHaveText(['Domande frequenti', 'Invia una segnalazione'])
      await expect(tabs.getByRole('link', { name: 'Domande frequenti' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(page.getByRole('heading', { level: 3 })).toHaveText([
        'Accesso e profilo',
        'Navigazione e banca dati',
        'Abbonamento',
      ])
      await page.getByText('Posso pagare con bonifico bancario?').click()
      await expect(page.getByText(/Gli abbonamenti mensili si pagano solo con carta/)).toBeVisible()
      await noSidewaysScroll(page)
      await expectAccessible(page)
      await photograph(page, 'centroassistenza-faq', width)

      await page.goto('/centroassistenza/faq?scheda=guide')
      await expect(page.getByText('Non sei autorizzato ad accedere a questa pagina.')).toBeVisible()

      await page.goto('/centroassistenza/faq?scheda=segnalazione')
      await expect(page.locator('altcha-widget')).toBeVisible()
      await noSidewaysScroll(page)
      await expectAccessible(page)
      await photograph(page, 'centroassistenza-segnalazione', width)
    })
  }

  test('a support report passes the captcha, is stored for operators and mailed to support', async ({
    page,
    request,
  }) => {
    const text = `Non riesco a stampare la tabella retributiva ${Date.now()}.`
    await login(page, 'prova@demo.local', '/centroassistenza/faq?scheda=segnalazione')
    const form = page.getByTestId('segnalazione')
    const send = form.getByRole('button', { name: 'Invia' })
    await expect(send).toBeDisabled()
    await form.getByLabel('Tipo di richiesta').selectOption('assistenza_amministrativa')
    await form.getByLabel('Testo della segnalazione').fill(text)
    await expect(send).toBeEnabled()
    await send.click()
    await expect(form.getByRole('button', { name: 'Attendi' })).toBeDisabled()
    const success = form.getByText('Segnalazione inoltrata correttamente.')
    await expect(success).toBeVisible({ timeout: 30_000 })
    await expect(form.getByLabel('Testo della segnalazione')).toHaveValue('')
    await expect(success).toBeHidden({ timeout: 6_000 })

    const mail = await mailTo(request, SUPPORT, (m) => m.text.includes(text))
    expect(mail.subject).toBe('Segnalazione (Assistenza amministrativa) da prova@demo.local')

    const token = await adminToken(request)
    const stored = await request.get(
      `/cms/api/support-reports?where[body][equals]=${encodeURIComponent(text)}&depth=0`,
      { headers: { authorization: `JWT ${token}` } },
    )
    const docs = ((await stored.json()) as { docs: { email: string; type: string; status: string }[] }).docs
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({
      email: 'prova@demo.local',
      type: 'assistenza_amministrativa',
      status: 'new',
    })
  })

  test('the report API refuses a missing captcha and an anonymous caller', async ({ page, request }) => {
    const anonymous = await request.post('/api/v1/user/invia-segnalazione', { data: { corpoRichiesta: 'x' } })
    expect(anonymous.status()).toBe(401)
    await login(page, 'prova@demo.local', '/centroassistenza/faq')
    await expect(page).toHaveURL(/\/centroassistenza\/faq$/)
    const noCaptcha = await page.request.post('/api/v1/user/invia-segnalazione', {
      data: { tipoRichiesta: 'altro', corpoRichiesta: 'Prova senza verifica' },
    })
    expect(noCaptcha.status()).toBe(400)
    expect(((await noCaptcha.json()) as { error: { field: string } }).error.field).toBe('altcha')
  })

  test('a guide link starts its guided tour on the page', async ({ page }) => {
    await login(page, 'prova@demo.local')
    await page.goto('/bancadati?__ug__=banca-dati')
    const popover = page.locator('.driver-popover')
    await expect(popover).toBeVisible()
    await expect(popover.locator('.driver-popover-title')).toHaveText('La Banca Dati')
    await expect(page).not.toHaveURL(/__ug__/)
    // The next step points at the page's search box.
    await popover.getByRole('button', { name: 'Avanti' }).click()
    await expect(popover.locator('.driver-popover-title')).toHaveText('Ricerca')
    await expect(page.locator('[data-tour="bd-ricerca"]')).toHaveClass(/driver-active-element/)
    await page.keyboard.press('Escape')
    await expect(popover).toBeHidden()
  })

  test('each of the four guides walks all its steps, each on its element of the page', async ({ page }) => {
    test.setTimeout(120_000)
    await login(page, 'premium@demo.local')
    // A contract opened once: the database home then shows the recent contracts of the guide.
    await page.goto(GUIDE_CONTRACT)
    const popover = page.locator('.driver-popover')
    for (const [guide, start] of Object.entries(GUIDES)) {
      await page.goto(`${start}?__ug__=${guide}`)
      const steps = it.helpCentre.tourSteps[guide as keyof typeof GUIDES]
      for (const [index, step] of steps.entries()) {
        await expect(popover.locator('.driver-popover-title'), `${guide}, passo ${index + 1}`).toHaveText(
          step.title,
        )
        if (step.hook !== null)
          await expect(page.locator(`[data-tour="${step.hook}"]`).first()).toHaveClass(
            /driver-active-element/,
          )
        const next = popover.getByRole('button', { name: index === steps.length - 1 ? 'Fine' : 'Avanti' })
        await next.click()
      }
      await expect(popover).toBeHidden()
    }
  })

  test('a subscriber sees the four guide cards, each carrying __ug__', async ({ page }) => {
    await login(page, 'premium@demo.local', '/centroassistenza/faq?scheda=guide')
    const access = (await (await page.request.get('/api/v1/abbonamenti')).json()) as {
      entitlements: { canUseGuides: boolean }
    }
    test.skip(!access.entitlements.canUseGuides, 'the demo subscription comes from billing, not present here')
    const cards = page.locator('[data-guide]')
    await expect(cards).toHaveCount(4)
    for (const href of [
      '/bancadati?__ug__=banca-dati',
      '/bancadati/quotidiano?__ug__=quotidiano',
      '/bancadati/0/11/133/19?__ug__=contratto',
      '/bancadati/0/11/133/19?__ug__=sintesi',
    ])
      await expect(page.locator(`a[href="${href}"]`)).toHaveCount(1)
    await cards.first().click()
    await expect(page.locator('.driver-popover')).toBeVisible()
  })
})

test('an editor changes a product page in /admin and the public page shows it at once', async ({ page }) => {
  const tagline = `Il programma per le vertenze di lavoro, aggiornato il ${Date.now()}.`
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill('redazione@demo.local')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: /^(Accedi|Login)$/ }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await page.goto('/admin/collections/product-pages')
  await page.getByRole('link', { name: 'Werte', exact: true }).click()
  await page.getByLabel('In breve').fill(tagline)
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText(/aggiornat|salvat/i).first()).toBeVisible()
  await page.goto('/prodotti')
  await expect(page.getByText(tagline)).toBeVisible()
})

test('anonymous visitors get the public pages from the cache', async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  // A publish made by the test before empties the cache again one second later: asked again, the page comes from it.
  await expect
    .poll(async () => (await anonymous.get('/prodotti/werteplus')).headers()['x-cache'], { timeout: 5_000 })
    .toBe('HIT')
  await anonymous.dispose()
})

test('sitemap.xml lists the public pages and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const path of [
    '/prodotti/werte',
    '/prodotti/wertecolf',
    '/prodotti/werteplus',
    '/termini-e-condizioni',
    '/privacy-policy',
    '/cookie-policy',
    '/richiedi-enterprise',
  ])
    expect(sitemap).toContain(`${path}</loc>`)
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/)
  expect(robots).toContain('Disallow: /admin')
})
