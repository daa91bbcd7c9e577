/**
 * Pages cached per access class (Astro's route caching, modules/site-content/page-cache.ts):
 * a feed article and the database home are rendered once for the subscribers
 * of one plan; their personal parts (name, e-mail, bell, favourites) are
 * server islands drawn for each of them, and a signed-out visitor gets the
 * anonymous page, never a subscriber's.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, collectErrors, islandsHydrated, newContext } from './helpers.ts'
import { articlePath, paragraphsOf, payIncreaseWithAttachment } from '../tests/demo-feed.ts'
import { newSubscriber, type Subscriber } from './subscribers.ts'

/** Today's newest pay increase with its table attached: a long article, cut for anonymous visitors. */
const article = await payIncreaseWithAttachment()
const ARTICLE = articlePath(article)
/** The opening words of the article's second paragraph (subscribers only). */
const SECOND_PARAGRAPH = (paragraphsOf(article)[1] ?? '').split(' ').slice(0, 6).join(' ')
/** The dashboard of Terziario Confcommercio, 'Dipendenti'. */
const DASHBOARD = '/bancadati/0/11/133/19'

/** `path` as `request` gets it once it comes from the cache; returns its HTML. */
async function cachedFor(request: APIRequestContext, path: string): Promise<string> {
  let html = ''
  await expect
    .poll(async () => {
      const answer = await request.get(path)
      html = await answer.text()
      return answer.headers()['x-cache']
    })
    .toBe('HIT')
  return html
}

/**
 * `path` as both readers get it from the cache, the very same bytes (each
 * render differs: the server islands' props are encrypted anew): one page
 * kept for their access class. Returns its HTML.
 */
async function sharedBy(first: APIRequestContext, second: APIRequestContext, path: string): Promise<string> {
  let html = ''
  await expect
    .poll(async () => {
      const [one, other] = [await first.get(path), await second.get(path)]
      html = await other.text()
      const hits = one.headers()['x-cache'] === 'HIT' && other.headers()['x-cache'] === 'HIT'
      return hits && html === (await one.text())
    })
    .toBe(true)
  return html
}

test.describe('pages cached per access class', () => {
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

  test('an article is shared by a plan’s subscribers, each sees their own name, and a visitor the preview', async ({
    playwright,
  }) => {
    const shared = await sharedBy(first.request, second.request, ARTICLE)
    // The shared page holds the whole article and nobody's name or address.
    expect(shared).toContain(SECOND_PARAGRAPH)
    for (const personal of ['Anna Verdi', 'Lucia D', anna.email, lucia.email])
      expect(shared).not.toContain(personal)

    // A signed-out visitor gets the anonymous page: the preview and the sign-in link, no subscriber's page.
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
    const anonymous = await cachedFor(visitor, ARTICLE)
    expect(anonymous).not.toContain(SECOND_PARAGRAPH)
    expect(anonymous).not.toContain('user-trigger')
    expect(anonymous).toContain('href="/accedi')
    await visitor.dispose()

    // In the browser: each her own menu, drawer and notifications.
    const errors = collectErrors(second)
    for (const [page, name, email] of [
      [first, 'Anna Verdi', anna.email],
      [second, "Lucia D'Angelo", lucia.email],
    ] as const) {
      await page.goto(ARTICLE)
      await islandsHydrated(page)
      await expect(page.getByText(SECOND_PARAGRAPH)).toBeVisible()
      await expect(page.locator('.user-trigger__name')).toHaveText(name)
      await page.locator('.user-trigger').click()
      await expect(page.locator('.menu__header')).toContainText(email)
      await expect(page.locator('.drawer__user')).toContainText(name)
    }
    await second.locator('#notifiche summary').click()
    await expect(second.locator('#notifiche-elenco astro-island')).toHaveCount(1)
    expect(errors).toEqual([])
  })

  test('the database home is shared, the favourites are each subscriber’s own', async () => {
    const shared = await sharedBy(first.request, second.request, '/bancadati')
    for (const personal of [anna.email, lucia.email]) expect(shared).not.toContain(personal)

    // Lucia adds a favourite: her home shows it, Anna's still the most consulted contracts, from the same page.
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
    // Drawn as a server island, the own sections still look like the rest of the page.
    const style = (selector: string, property: string) =>
      second
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)
    expect(await style('#home-preferiti', 'font-size')).toBe(await style('#leggi-anche', 'font-size'))
    expect(await style('.home-head', 'display')).toBe('flex')
    expect(await style('section[aria-labelledby="home-preferiti"] .cards', 'display')).toBe('grid')
    expect(await style('.ccnl-card', 'display')).toBe('flex')

    await first.goto('/bancadati')
    await expect(first.getByRole('heading', { name: 'I CCNL più consultati' })).toBeVisible()
    await expect(first.getByRole('heading', { name: 'I tuoi preferiti' })).toHaveCount(0)
    await expect(first.locator('.user-trigger__name')).toHaveText('Anna Verdi')

    // The star on her home takes the favourite away again; the dashboard she opened stays among her recent ones.
    await favourite.click()
    await expect(second.getByText('Contratto preferito rimosso')).toBeVisible()
    await second.goto('/bancadati')
    await expect(second.getByRole('heading', { name: 'Consultati di recente', exact: true })).toBeVisible()
    await expect(second.getByRole('heading', { name: 'I tuoi preferiti' })).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
