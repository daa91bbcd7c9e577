/**
 * Pages signed-in readers of one access class share (site/lib/personal-page.ts):
 * a feed article and the database home are rendered once per class and
 * filled in with each reader's own name, e-mail, account and (on /bancadati)
 * favourites. Two subscribers of the same plan each get, from the cache, the
 * page Astro renders for them without it.
 */
import { type Page } from '@playwright/test'
import { expect, test, islandsHydrated, newContext } from './helpers.ts'
import { newSubscriber, type Subscriber } from './subscribers.ts'

const ARTICLE =
  '/bancadati/quotidiano/notizia/2025/11/ccnl-chimico-farmaceutico-industria-nuovi-minimi-retributivi-dal-1-dicembre-2025'
/** A sentence of the article's second paragraph. */
const SECOND_PARAGRAPH = 'Il rinnovo del 15 aprile 2025'
/** The dashboard of Terziario Confcommercio, 'Dipendenti'. */
const DASHBOARD = '/bancadati/0/11/133/19'

/** The same document, but for island ids (a hash of the props as rendered) and `'` written as `&#39;`. */
const comparable = (html: string) =>
  html
    .replaceAll('%3Fsenza-cache', '')
    .replaceAll('?senza-cache', '')
    .replace(/ uid="[^"]*"/g, '')
    .replaceAll('&#39;', "'")

/**
 * `path` for the second reader once the first has had it: from the cache,
 * and the same document Astro renders for the second reader (an address with
 * a query string is never cached). Returns the cached HTML.
 */
async function sharedPage(first: Page, second: Page, path: string): Promise<string> {
  let cached = ''
  await expect
    .poll(async () => {
      expect((await first.request.get(path)).ok()).toBe(true)
      const answer = await second.request.get(path)
      cached = await answer.text()
      return answer.headers()['x-cache']
    })
    .toBe('HIT')
  const rendered = await second.request.get(`${path}?senza-cache`)
  expect(rendered.headers()['x-cache']).toBeUndefined()
  expect(comparable(cached)).toBe(comparable(await rendered.text()))
  return cached
}

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('pages shared by the readers of one access class', () => {
  let first: Page
  let second: Page
  let anna: Subscriber
  let lucia: Subscriber

  test.beforeEach(async ({ browser }) => {
    first = await (await newContext(browser)).newPage()
    second = await (await newContext(browser)).newPage()
    anna = await newSubscriber(first.request, 'professional_monthly', 'pm_card_visa', {
      nome: 'Anna',
      cognome: 'Verdi',
    })
    lucia = await newSubscriber(second.request, 'professional_monthly', 'pm_card_visa', {
      nome: 'Lucia',
      cognome: "D'Angelo",
    })
  })

  test.afterEach(async () => {
    await first.context().close()
    await second.context().close()
  })

  test('an article carries each subscriber’s own name, e-mail and account', async () => {
    const cached = await sharedPage(first, second, ARTICLE)
    expect(cached).toContain('Lucia D&#39;Angelo')
    expect(cached).toContain(lucia.email)
    expect(cached).not.toContain(anna.email)
    expect(cached).not.toContain('Anna Verdi')

    // In the browser: her menu, her drawer, her notifications.
    const errors = collectErrors(second)
    await second.goto(ARTICLE)
    await islandsHydrated(second)
    await expect(second.locator('.user-trigger__name')).toHaveText("Lucia D'Angelo")
    await second.locator('.user-trigger').click()
    await expect(second.locator('.menu__header')).toContainText(lucia.email)
    await expect(second.getByText(SECOND_PARAGRAPH)).toBeVisible()
    await second.locator('#notifiche summary').click()
    await expect(second.locator('#notifiche-elenco')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('the database home carries each subscriber’s own favourites', async () => {
    // Neither has favourites yet: both see the most consulted contracts, with their own stars.
    const before = await sharedPage(first, second, '/bancadati')
    expect(before).toContain('I CCNL più consultati')
    expect(before).toContain(lucia.email)
    expect(before).not.toContain(anna.email)

    // Lucia adds one: her home shows it (a template of its own), Anna's still the most consulted.
    const errors = collectErrors(second)
    await second.goto(DASHBOARD)
    await islandsHydrated(second)
    await second.getByRole('button', { name: 'Aggiungi ai preferiti' }).click()
    await expect(second.getByText('Contratto preferito aggiunto')).toBeVisible()
    await second.goto('/bancadati')
    await expect(second.getByRole('heading', { name: 'I tuoi preferiti' })).toBeVisible()
    const favourite = second
      .locator('section[aria-labelledby="home-preferiti"] button[data-favourite]')
      .first()
    await expect(favourite).toHaveAttribute('aria-pressed', 'true')
    await expect(second.locator('.user-trigger__name')).toHaveText("Lucia D'Angelo")
    // Drawn outside the page's scoped styles, the own sections still look like the rest of the page.
    const style = (selector: string, property: string) =>
      second
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)
    expect(await style('#home-preferiti', 'font-size')).toBe(await style('#leggi-anche', 'font-size'))
    expect(await style('.home-head', 'display')).toBe('flex')
    expect(await style('section[aria-labelledby="home-preferiti"] .cards', 'display')).toBe('grid')
    expect(await style('.ccnl-card', 'display')).toBe('flex')
    const own = await (await second.request.get('/bancadati')).text()
    const fresh = await (await second.request.get('/bancadati?senza-cache')).text()
    expect(comparable(own)).toBe(comparable(fresh))

    const annas = await (await first.request.get('/bancadati')).text()
    expect(annas).toContain('I CCNL più consultati')
    expect(annas).not.toContain('I tuoi preferiti')
    expect(annas).toContain(anna.email)

    // The star on her home takes the favourite away again; the dashboard she opened stays among her recent ones.
    await favourite.click()
    await expect(second.getByText('Contratto preferito rimosso')).toBeVisible()
    await second.goto('/bancadati')
    await expect(second.getByRole('heading', { name: 'Consultati di recente', exact: true })).toBeVisible()
    await expect(second.getByRole('heading', { name: 'I tuoi preferiti' })).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
