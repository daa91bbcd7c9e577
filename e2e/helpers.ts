/**
 * Helpers the browser tests share: the `test` every browser test uses (it
 * waits for hydration before driving an island), unique addresses, the login
 * form, the test mailbox (/dev/posta/messages.json) and screenshots at 1280
 * and 375 px.
 */
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { portalUrl } from '../tests/e2e-servers.ts'

export { expect }

/**
 * Before every action and every auto-waiting assertion, Playwright first waits
 * until no visible island is still server-rendered markup (`astro-island[ssr]`):
 * a click before hydration reaches only the markup and is lost. A locator
 * handler makes this the default for every page of the context, popups and
 * second tabs included.
 */
function waitForIslandsOn(page: Page): void {
  const serverMarkup = page.locator('astro-island[ssr]').filter({ visible: true }).first()
  // The empty handler is enough: after it, Playwright waits until the locator is no longer visible.
  void page.addLocatorHandler(serverMarkup, async () => {}).catch(() => {})
}

function waitForIslandsIn(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) waitForIslandsOn(page)
  context.on('page', waitForIslandsOn)
  return context
}

/**
 * Under `npm run test:at` the tests and the portal run with the clock moved
 * (libfaketime), Chromium does not (its pages stall under it): the pages get a
 * `Date` moved by the same amount. Only the calendar moves; timers, animation
 * frames and `performance` keep the browser's own time, as the editors of
 * /admin need.
 */
const browserClockOffset = Number(process.env.E2E_BROWSER_CLOCK_OFFSET_MS ?? 0)

/** Runs in the page, before its scripts: `Date` as the moved clock gives it. */
function moveDate(offset: number) {
  const RealDate = Date
  function MovedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString()
    return args.length === 0
      ? new RealDate(RealDate.now() + offset)
      : new (RealDate as unknown as new (...values: unknown[]) => Date)(...args)
  }
  Object.setPrototypeOf(MovedDate, RealDate)
  MovedDate.prototype = RealDate.prototype
  MovedDate.now = () => RealDate.now() + offset
  globalThis.Date = MovedDate as unknown as DateConstructor
}

async function withTestsClock(context: BrowserContext): Promise<BrowserContext> {
  if (browserClockOffset !== 0) await context.addInitScript(moveDate, browserClockOffset)
  return context
}

/** Playwright's `test`, with every page waiting for its islands before it is driven. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(waitForIslandsIn(await withTestsClock(context)))
  },
})

/**
 * A second browser context (another person, another device), waiting for
 * islands like the test's own; without JavaScript nothing hydrates, so nothing is awaited.
 */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await withTestsClock(await browser.newContext(options))
  return options.javaScriptEnabled === false ? context : waitForIslandsIn(context)
}

/** The demo personas' password (embedded mode). */
export const DEMO_PASSWORD = 'Demo2026!'

/** A short string that makes e-mail addresses unique to a test run. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

export type Mail = { to: string; subject: string; text: string; html: string; date: string }

/** The newest mail to `address` whose subject contains `subject`, waiting for the sender to deliver it. */
export async function mailTo(request: APIRequestContext, address: string, subject: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/posta/messages.json?to=${encodeURIComponent(address)}`)
        const mails = (await response.json()) as Mail[]
        found = mails.find((mail) => mail.subject.includes(subject))
        return found !== undefined
      },
      { timeout: 20_000, message: `e-mail «${subject}» a ${address}` },
    )
    .toBe(true)
  return found as Mail
}

/** The newest address-confirmation link mailed to `address` (welcome mail or resent), waiting for the sender. */
export async function confirmationLinkTo(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/posta/messages.json?to=${encodeURIComponent(address)}`)
        const mails = (await response.json()) as Mail[]
        link = mails
          .map((mail) => /https?:\/\/\S+\/conferma-email\?token=[^\s>)\]"]+/.exec(mail.text)?.[0])
          .find(Boolean)
        return link !== undefined
      },
      { timeout: 20_000, message: `collegamento di conferma a ${address}` },
    )
    .toBe(true)
  return link as string
}

/**
 * Confirms `address` as its owner does, for the flows that buy after signing
 * up: opens the link of the mail in the test mailbox and presses the page's
 * button (a form POST), through `request`.
 */
export async function confirmAddress(request: APIRequestContext, address: string): Promise<void> {
  const link = new URL(await confirmationLinkTo(request, address))
  expect((await request.get(link.pathname + link.search)).status()).toBe(200)
  const confirmed = await request.post(link.pathname, {
    form: { token: link.searchParams.get('token') ?? '' },
  })
  expect(await confirmed.text()).toContain('Indirizzo email confermato')
}

/**
 * Opens the confirmation link of `address`'s mail in a second tab of `page`'s
 * browser and presses its button, as the address's owner does; the tab is closed after.
 */
export async function confirmInAnotherTab(page: Page, address: string): Promise<void> {
  const link = await confirmationLinkTo(page.request, address)
  const tab = await page.context().newPage()
  await tab.goto(link)
  await tab.getByRole('button', { name: 'Conferma l’indirizzo' }).click()
  await expect(tab.getByRole('heading', { level: 1, name: 'Indirizzo email confermato' })).toBeVisible()
  await tab.close()
}

/** The generated password of a welcome mail. */
export function passwordIn(mail: Mail): string {
  const match = /Password:\s*(\S+)/.exec(mail.text)
  if (!match?.[1]) throw new Error(`nessuna password nella e-mail: ${mail.text}`)
  return match[1]
}

/** Signs in on /accedi (with `returnUrl` when given) and waits to leave the page. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD, returnUrl?: string) {
  await page.goto(returnUrl ? `/accedi?returnUrl=${encodeURIComponent(returnUrl)}` : '/accedi')
  // The recovery modal has its own (hidden) e-mail field: only visible fields are meant.
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(password)
  await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
  await expect(page).not.toHaveURL(/\/accedi/)
}

/** Signs in to the admin (/admin) as the demo operator or editor `email`. */
export async function adminLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Password' }).fill(password)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
}

/** Waits until the sign-in form is hydrated: a submit before that only reloads the page (without the credentials in its address). */
export async function loginFormReady(page: Page): Promise<void> {
  await page.locator('astro-island:not([ssr]) #accesso-email').waitFor()
}

/**
 * Waits until every server island (`server:defer`) is drawn and every island of the page is hydrated; `test`
 * already waits for hydration before locator actions, this is for page.keyboard and page.mouse.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('script[data-island-id]')).toHaveCount(0)
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0)
}

/**
 * A new trial account for `email` through the sign-up call, then signed in on
 * `request`'s cookies with the password of its welcome mail (the sign-up
 * signs nobody in); returns that password.
 */
export async function signUpForTrial(
  request: APIRequestContext,
  email: string,
  person: { nome: string; cognome: string } = { nome: 'Chiara', cognome: 'Test' },
  professione = 'altro',
): Promise<string> {
  const response = await request.post('/api/v1/user/trial-signup', {
    data: { ...person, email, professione },
  })
  expect(response.status()).toBe(201)
  const password = passwordIn(await mailTo(request, email, 'credenziali'))
  // From the portal's own page, as the login form sends it.
  const signedIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin: portalUrl },
    data: { email, password, rememberMe: true },
  })
  expect(signedIn.status()).toBe(200)
  return password
}

/** Collects the uncaught errors of `page`'s scripts, to assert there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** A new trial account through the API, signed in on `request`'s cookies; returns its e-mail. */
export async function newTrialAccount(request: APIRequestContext, prefix = 'prova'): Promise<string> {
  const email = `${prefix}-${unique()}@esempio.it`
  await signUpForTrial(request, email, { nome: 'Elena', cognome: 'Prova' }, 'professionista')
  return email
}

/** Full-page screenshots at 1280 and 375 px (test-results/screens), checking nothing scrolls sideways. */
export async function screens(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name} a ${width}px non scorre di lato`).toBeLessThanOrEqual(0)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * No serious accessibility fault on the page (axe, WCAG 2.1 A and AA), and
 * every control's accessible name contains its visible text (WCAG 2.5.3,
 * an axe rule that is off by default).
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  const serious = results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        violation.id === 'label-content-name-mismatch',
    )
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}
