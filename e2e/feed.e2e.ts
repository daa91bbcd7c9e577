/**
 * The daily feed in the browser: an anonymous visitor gets a truncated article
 * whose HTML holds no more than the preview; a trial user reads it in full and
 * downloads its attachment; searches with and without accents, with a typo and
 * with filters; 'Carica altro...' on the feed and on the database home; the
 * feed pages of favourites; the notifications bell, and an editor's news item
 * reaching a follower's bell and e-mail digest.
 */
import { type Page } from '@playwright/test'
import { expect, test, collectErrors, islandsHydrated, loginFormReady, newContext } from './helpers.ts'
import { articlePath, newest, paragraphsOf, payIncreaseWithAttachment, today } from '../tests/demo-feed.ts'
import { newSubscriber } from './subscribers.ts'

const PASSWORD = 'Demo2026!'
/** Today's newest pay increase with its table attached: a long article. */
const article = await payIncreaseWithAttachment()
const ARTICLE = articlePath(article)
/** The opening words of the article's second paragraph (subscribers only). */
const SECOND_PARAGRAPH = (paragraphsOf(article)[1] ?? '').split(' ').slice(0, 6).join(' ')
/** The contract the article is about, as its title names it. */
const CONTRACT = /^CCNL (.+): nuovi minimi/.exec(article.title)?.[1] ?? ''

async function login(page: Page, email: string, returnUrl = '/bancadati/quotidiano') {
  await page.goto(`/accedi?returnUrl=${encodeURIComponent(returnUrl)}`)
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
  await page.waitForURL((url) => url.pathname === returnUrl)
}

test.describe('articles', () => {
  test('an anonymous visitor sees the preview blurred under the subscription card, and the HTML holds nothing more', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    await page.goto(ARTICLE)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`CCNL ${CONTRACT}`)
    await expect(page.getByRole('heading', { name: 'Continua a leggere con un abbonamento' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Prova gratis per 7 giorni' }).last()).toHaveAttribute(
      'href',
      '/registrati',
    )
    await expect(page.getByRole('button', { name: 'Scarica allegato' })).toBeDisabled()
    await expect(page.getByText('Il download degli allegati è riservato')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Contratti collegati' })).toHaveCount(0)

    const html = await (await request.get(ARTICLE)).text()
    expect(html).not.toContain(SECOND_PARAGRAPH)
    expect(html).not.toContain('<table')
    const preview = (await page.locator('.article__preview').innerText()).trim()
    expect(preview.length).toBeGreaterThan(50)
    expect(preview.length).toBeLessThanOrEqual(600)
    expect((await request.get(`/api/v1/notizie/allegato/${article.guid}/download`)).status()).toBe(401)
    // Related items and the home feed below.
    await expect(page.getByRole('heading', { name: 'Potrebbe interessarti' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Altre notizie dal Quotidiano' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('an anonymous visitor of a short article sees at most 40 % of its words, the same cut as the API', async ({
    page,
    request,
  }) => {
    // The INAIL deadline: a long first paragraph and two short ones, so the preview stops inside the first.
    const short = await newest((item) => item.title.startsWith('Autoliquidazione INAIL'))
    const [first = '', second = '', third = ''] = paragraphsOf(short)
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length
    const total = words(first) + words(second) + words(third)
    expect(Math.floor(total * 0.4)).toBeLessThan(words(first))
    await page.goto(articlePath(short))
    await expect(page.getByRole('heading', { name: 'Continua a leggere con un abbonamento' })).toBeVisible()
    const preview = (await page.locator('.article__preview').innerText()).trim()
    expect(first.startsWith(preview.replace(/…$/, ''))).toBe(true)
    expect(preview.split(/\s+/).length).toBeLessThanOrEqual(Math.floor(total * 0.4))
    const html = await (await request.get(articlePath(short))).text()
    expect(html).not.toContain(first.split(' ').slice(-5).join(' '))
    expect(html).not.toContain(second.split(' ').slice(0, 5).join(' '))
    const [year, month] = short.date.split('-')
    const api = (await (await request.get(`/api/v1/notizie/${year}/${month}/${short.slug}`)).json()) as {
      nota: string
      estratto: string
    }
    expect(api.nota.replace(/<[^>]+>/g, '')).toBe(preview)
    expect(preview.startsWith(api.estratto.replace(/…$/, ''))).toBe(true)
  })

  test('a trial user reads the whole article with its tags and downloads the attachment', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    await login(page, 'prova@demo.local', ARTICLE)
    await expect(page.getByText(SECOND_PARAGRAPH)).toBeVisible()
    await expect(page.locator('.article__body table')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Continua a leggere con un abbonamento' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: CONTRACT, exact: true })).toHaveAttribute(
      'href',
      /^\/bancadati\/0\/\d+\/\d+$/,
    )

    // The download waits a little, so the loader can be seen.
    await page.route('**/api/v1/notizie/allegato/*/download', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    })
    const button = page.getByRole('button', { name: /Scarica allegato|Attendi/ })
    const download = page.waitForEvent('download')
    await button.click()
    await expect(button).toHaveText(/Attendi/)
    const file = await download
    expect(file.suggestedFilename()).toBe((article.attachment?.name ?? '').replace(/\//g, '_'))
    await expect(button).toHaveText('Scarica allegato')
    expect(errors).toEqual([])
  })
})

test.describe('the feed home', () => {
  test('shows the carousel, the blocks and the changelog, and loads 6 more items', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/bancadati/quotidiano')
    await expect(page.getByRole('heading', { level: 1, name: 'Quotidiano CCNL' })).toBeVisible()
    await expect(page.locator('.carousel__slide')).toHaveCount(3)
    await expect(page.getByRole('heading', { name: 'In primo piano' })).toBeVisible()
    await expect(page.locator('#in-primo-piano ~ ul > li')).toHaveCount(3)
    await expect(page.getByRole('heading', { name: 'AGGIORNAMENTO PRODOTTI' })).toBeVisible()
    const list = page.locator('#leggi-anche-elenco > li')
    await expect(list).toHaveCount(6)
    const titles = await page.locator('.news-card__title').allInnerTexts()
    await page.getByRole('button', { name: 'Carica altro...' }).click()
    await expect(list).toHaveCount(12)
    const added = await page.locator('#leggi-anche-elenco > li .news-card__title').allInnerTexts()
    // The new items are not repeats of the ones already on the page.
    expect(added.slice(6).filter((title) => titles.includes(title))).toEqual([])
    expect(errors).toEqual([])
  })
})

test.describe('the database home', () => {
  test("'Carica altro...' adds 6 items in place, and without JavaScript opens the page with 6 more", async ({
    page,
    browser,
  }) => {
    const errors = collectErrors(page)
    await page.goto('/bancadati')
    const list = page.locator('#leggi-anche-elenco > li')
    await expect(list).toHaveCount(6)
    await page.getByRole('button', { name: 'Carica altro...' }).click()
    await expect(list).toHaveCount(12)
    await expect(page).toHaveURL(/\/bancadati$/)
    expect(errors).toEqual([])

    const context = await newContext(browser, { javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto('/bancadati')
    await plain.getByRole('button', { name: 'Carica altro...' }).click()
    await expect(plain).toHaveURL(/\/bancadati\?leggi=12#leggi-anche$/)
    await expect(plain.locator('#leggi-anche-elenco > li')).toHaveCount(12)
    await context.close()
  })
})

test.describe('search', () => {
  test('finds items with and without accents and with a typo, and refuses short text', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/bancadati/quotidiano')
    const box = page.getByRole('searchbox', { name: 'Cerca nel Quotidiano' })
    await box.fill('tfr')
    await box.press('Enter')
    await expect(page.getByText('Per cercare scrivi più di 3 caratteri.')).toBeVisible()
    await expect(page).toHaveURL(/\/bancadati\/quotidiano$/)

    await box.fill('sanità privata')
    await page.getByRole('button', { name: 'Cerca', exact: true }).click()
    await expect(page).toHaveURL(/\/ricerca\/sanit%C3%A0%20privata$/)
    await expect(page.locator('.results__news .news-card__title').first()).toContainText('Sanità privata')

    await page.goto('/bancadati/quotidiano/ricerca/sanita%20privata')
    await expect(page.locator('.results__news .news-card__title').first()).toContainText('Sanità privata')

    // A typo; the only match is a deadline, so the deadlines tab opens.
    await page.goto('/bancadati/quotidiano/ricerca/tredicesma')
    await expect(page.getByRole('radio', { name: /SCADENZE/ })).toBeChecked()
    await expect(
      // One a year: the feed may hold more than one.
      page
        .locator('.results__deadlines')
        .getByRole('link', { name: /^Tredicesima mensilità/ })
        .first(),
    ).toBeVisible()
    await page.locator('label[for="risultati-notizie"]').click()
    await expect(page.getByRole('radio', { name: /NEWS/ })).toBeChecked()
    await expect(page.locator('.results__deadlines')).toBeHidden()

    // Nothing found: the switch stays, with the news checked, above the message.
    await page.goto('/bancadati/quotidiano/ricerca/zzzqqqwww')
    await expect(page.getByRole('radio', { name: /NEWS/ })).toBeChecked()
    await expect(
      page.locator('.results__news').getByText('La ricerca effettuata non ha prodotto risultati.'),
    ).toBeVisible()
    await page.goto('/bancadati/quotidiano/ricerca/zzzqqqwww?type=scadenza')
    await expect(page.getByRole('radio', { name: /SCADENZE/ })).toBeChecked()
    await expect(page.getByRole('radio', { name: /SCADENZE \(0\)/ })).toBeVisible()
    await expect(
      page.locator('.results__deadlines').getByText('La ricerca effettuata non ha prodotto risultati.'),
    ).toBeVisible()
    expect(errors).toEqual([])
  })

  test('filters by sector, contract and dates with the rules of the panels', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/bancadati/quotidiano')
    await page.getByText('Filtra notizie e scadenze').click()
    const panel = page.locator('.feed-filters--top')
    await panel.getByRole('button', { name: 'Applica i filtri' }).click()
    await expect(panel.getByText('I filtri impostati non sono validi.')).toBeVisible()

    const contracts = panel.getByLabel('Contratto')
    // The list is fetched when the contract select is first reached.
    await contracts.focus()
    await expect.poll(() => contracts.locator('option').count()).toBeGreaterThan(1)
    const allContracts = await contracts.locator('option').count()
    await panel.getByLabel('Settore').selectOption({ label: 'Chimici' })
    const sectorContracts = await contracts.locator('option').count()
    expect(sectorContracts).toBeGreaterThan(1)
    expect(sectorContracts).toBeLessThan(allContracts)

    // The end date waits for a start date; dates come from the calendar.
    const end = panel.getByLabel('Al', { exact: true })
    await expect(end).toBeDisabled()
    const start = panel.getByLabel('Dal', { exact: true })
    await expect(start).toHaveAttribute('readonly', '')
    await start.click()
    // The calendar speaks Italian whatever the browser's language: the first day of the month shown.
    await page
      .getByRole('dialog', { name: /Dal/ })
      .getByRole('button', { name: /\s1 \p{L}+ \d{4}/u })
      .click()
    await expect(start).toHaveValue(/^01\/\d{2}\/\d{4}$/)
    await expect(end).toBeEnabled()
    await start.locator('xpath=..').getByRole('button', { name: 'Cancella la data' }).click()

    await panel.getByRole('button', { name: 'Applica i filtri' }).click()
    await expect(page).toHaveURL(/\/ricerca\/fromFilters\?settore=\d+&contratto=-1$/)
    const titles = await page.locator('.results__news .news-card__title').allInnerTexts()
    expect(titles.length).toBeGreaterThan(0)
    expect(titles.some((title) => /Chimic/.test(title))).toBe(true)

    // The side panel's text also filters titles.
    await page.getByLabel('Testo nel titolo').fill('comporto')
    await page.locator('.feed-filters--side').getByRole('button', { name: 'Applica i filtri' }).click()
    await expect(page).toHaveURL(/testo=comporto/)
    const filtered = await page.locator('.results__news .news-card__title').allInnerTexts()
    expect(filtered.length).toBeGreaterThan(0)
    expect(filtered.every((title) => /comporto/i.test(title))).toBe(true)

    // The month button: deadlines from the first to the last day of this month, upcoming ones included.
    await page.locator('.feed-filters--side').getByRole('button', { name: 'Scadenze del mese' }).click()
    const [year, month] = today().split('-')
    await expect(page).toHaveURL(
      new RegExp(`datainizio=01%2F${month}%2F${year}&datafine=\\d{2}%2F${month}%2F${year}&type=scadenza`),
    )
    await expect(page.getByRole('radio', { name: /SCADENZE/ })).toBeChecked()
    const days = await page
      .locator('.results__deadlines .news-card time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
    expect(days.length).toBeGreaterThanOrEqual(2)
    expect(days.every((day) => day.startsWith(`${year}-${month}-`))).toBe(true)

    // A filter that finds nothing keeps the switch, the chosen type checked, above the message.
    await page.goto(
      `/bancadati/quotidiano/ricerca/fromFilters?settore=-1&contratto=-1&datainizio=01%2F01%2F1990&datafine=31%2F01%2F1990&type=scadenza`,
    )
    await expect(page.getByRole('radio', { name: /SCADENZE/ })).toBeChecked()
    await expect(
      page.locator('.results__deadlines').getByText('La ricerca effettuata non ha prodotto risultati.'),
    ).toBeVisible()
    await page.locator('label[for="risultati-notizie"]').click()
    await expect(page.getByRole('radio', { name: /NEWS/ })).toBeChecked()
    await expect(
      page.locator('.results__news').getByText('La ricerca effettuata non ha prodotto risultati.'),
    ).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('the contract list of the filter panels', () => {
  test('is fetched when needed: a sector limits it, and a chosen contract is shown after the search', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    // The page carries the sectors and only 'Tutti i contratti' in the contract select.
    const html = await (await request.get('/bancadati/quotidiano')).text()
    const select = /<select[^>]*id="filtri-top-contratto"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? ''
    expect(select.match(/<option/g)).toHaveLength(1)
    expect(html).toContain('Chimici')

    await page.goto('/bancadati/quotidiano')
    await page.getByText('Filtra notizie e scadenze').click()
    const panel = page.locator('.feed-filters--top')
    const contracts = panel.getByLabel('Contratto')
    await expect(contracts.locator('option')).toHaveCount(1)
    await panel.getByLabel('Settore').selectOption({ label: 'Chimici' })
    const sectorCode = await panel.getByLabel('Settore').inputValue()
    await expect.poll(() => contracts.locator('option').count()).toBeGreaterThan(1)
    const names = await contracts.locator('option').allInnerTexts()
    const expected = (await (
      await request.get(`/api/v1/contratti/opzioni?settore=${sectorCode}`)
    ).json()) as { code: number; name: string; sectorCode: number }[]
    expect(names).toEqual(['Tutti i contratti', ...expected.map((item) => item.name)])
    expect(expected.every((item) => String(item.sectorCode) === sectorCode)).toBe(true)

    const chosen = expected[0]
    if (!chosen) throw new Error('Il settore scelto non ha contratti')
    await contracts.selectOption(String(chosen.code))
    await panel.getByRole('button', { name: 'Applica i filtri' }).click()
    await expect(page).toHaveURL(new RegExp(`settore=${sectorCode}&contratto=${chosen.code}`))
    const side = page.locator('.feed-filters--side')
    await expect(side.getByLabel('Contratto')).toHaveValue(String(chosen.code))
    await expect(side.getByLabel('Contratto').locator('option:checked')).toHaveText(chosen.name)
    await expect(side.getByLabel('Settore')).toHaveValue(sectorCode)
    // Reaching the list loads the sector's other contracts, the choice kept.
    await side.getByLabel('Contratto').focus()
    await expect(side.getByLabel('Contratto').locator('option')).toHaveCount(expected.length + 1)
    await expect(side.getByLabel('Contratto')).toHaveValue(String(chosen.code))
    expect(errors).toEqual([])
  })

  test('comes from a small public endpoint: cacheable, with an ETag, and an Italian 400 for a bad sector', async ({
    request,
  }) => {
    const all = await request.get('/api/v1/contratti/opzioni')
    expect(all.status()).toBe(200)
    expect(all.headers()['cache-control']).toBe('public, max-age=60')
    const etag = all.headers()['etag'] ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    const list = (await all.json()) as { code: number; name: string; sectorCode: number }[]
    expect(list.length).toBeGreaterThan(10)
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['code', 'name', 'sectorCode'])
    const again = await request.get('/api/v1/contratti/opzioni', { headers: { 'if-none-match': etag } })
    expect(again.status()).toBe(304)

    const bad = await request.get('/api/v1/contratti/opzioni?settore=abc')
    expect(bad.status()).toBe(400)
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      'Il settore indicato non è valido',
    )
    expect((await request.get('/api/v1/contratti/opzioni?settore=999999')).status()).toBe(404)
    const doc = (await (await request.get('/api/v1/openapi.json')).json()) as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(doc.paths)).toContain('/api/v1/contratti/opzioni')
  })
})

test.describe('the feed pages of favourites', () => {
  test('need an account, list the news of followed contracts with the NEWS/SCADENZE switch and filter them', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    await page.goto('/bancadati/quotidiano/preferiti')
    await expect(page).toHaveURL(/\/accedi\?returnUrl=%2Fbancadati%2Fquotidiano%2Fpreferiti$/)

    // No favourites yet (earlier runs share the database).
    await login(page, 'studio@demo.local', '/bancadati/preferiti')
    for (
      let remove = page.locator('[data-favourite-card] button[data-favourite]');
      (await remove.count()) > 0;
    ) {
      await remove.first().click()
      await expect(page.getByText('Preferito rimosso.')).toBeVisible()
    }
    await page.goto('/bancadati/quotidiano/allpreferiti')
    await expect(page.getByText('Non hai ancora aggiunto contratti preferiti.')).toBeVisible()

    // Following the Terziario Confcommercio contract.
    await page.goto('/bancadati/0/11/133/19')
    await page.getByRole('button', { name: 'Aggiungi ai preferiti' }).click()
    await expect(page.getByText('Contratto preferito aggiunto')).toBeVisible()

    // All of its news and deadlines, from the favourites page's link.
    await page.goto('/bancadati/preferiti')
    await page.getByRole('link', { name: /tutte le notizie/i }).click()
    await expect(page).toHaveURL(/\/bancadati\/quotidiano\/allpreferiti$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Tutte le notizie dei tuoi preferiti' }),
    ).toBeVisible()
    const news = page.locator('.results__news .news-card__title')
    await expect(news.first()).toBeVisible()
    const titles = await news.allInnerTexts()
    expect(titles.every((title) => /Terziario|Confcommercio|\d{5,}/.test(title))).toBe(true)
    expect(titles).toContain('CCNL Terziario Confcommercio: come funziona il periodo di prova')
    await page.locator('label[for="risultati-scadenze"]').click()
    await expect(page.getByRole('radio', { name: /SCADENZE/ })).toBeChecked()
    await expect(
      page
        .locator('.results__deadlines')
        .getByRole('link', { name: /^Quattordicesima mensilità/ })
        .first(),
    ).toBeVisible()
    await expect(page.locator('.results__news')).toBeHidden()

    // The side panel: the sector and a title text, then filters that are not valid.
    await page.getByLabel('Settore').selectOption({ label: 'Terziario e servizi' })
    await page.getByLabel('Testo nel titolo').fill('comporto')
    await page.getByRole('button', { name: 'Applica i filtri' }).click()
    await expect(page).toHaveURL(/allpreferiti\?.*testo=comporto/)
    // The guide comes back every year: the feed may hold more than one year of it.
    const comporto = await news.allInnerTexts()
    expect(comporto.length).toBeGreaterThan(0)
    expect(
      comporto.every((title) => title === 'CCNL Terziario Confcommercio: malattia e periodo di comporto'),
    ).toBe(true)
    await page.goto('/bancadati/quotidiano/allpreferiti?settore=-1&contratto=-1')
    await expect(page.getByText('I filtri impostati non sono validi.')).toBeVisible()
    await page.goto('/bancadati/quotidiano/allpreferiti?type=scadenza')
    await expect(page.getByRole('radio', { name: /SCADENZE/ })).toBeChecked()

    // The recent page: the last 30 days only (the all page went further back).
    const allDays = await page
      .goto('/bancadati/quotidiano/allpreferiti')
      .then(() =>
        page
          .locator('.results__news .news-card time')
          .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? '')),
      )
    const daysBack = (days: number) =>
      new Date(Date.parse(`${today()}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
    expect(allDays.some((day) => day < daysBack(30))).toBe(true)
    await page.getByRole('link', { name: 'Notizie dei tuoi preferiti', exact: true }).click()
    await expect(page).toHaveURL(/\/bancadati\/quotidiano\/preferiti$/)
    const recentDays = await page
      .locator('.results__news .news-card time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
    // A day of margin: the page counts 30 days back from the server's clock in UTC.
    expect(recentDays.every((day) => day >= daysBack(31))).toBe(true)

    // Leave the account as it was.
    await page.goto('/bancadati/0/11/133/19')
    await page.getByRole('button', { name: 'Rimuovi dai preferiti' }).click()
    await expect(page.getByText('Contratto preferito rimosso')).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('notifications', () => {
  test('the bell shows the empty message and registers e-mail notifications with the 4 s confirmations', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    await login(page, 'premium@demo.local')
    await page
      .getByRole('button', { name: /Notifiche/ })
      .or(page.locator('#notifiche > summary'))
      .first()
      .click()
    const panel = page.locator('#notifiche-elenco')
    await expect(panel.getByText('Non hai notifiche da leggere.', { exact: false })).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Segna tutte come lette' })).toHaveCount(0)
    const checkbox = panel.getByRole('checkbox', { name: 'Ricevi le notifiche per email' })
    await expect(checkbox).toBeEnabled()
    await checkbox.check()
    const registered = panel.getByText('Registrazione completata. Riceverai da ora le notifiche per email.')
    await expect(registered).toBeVisible()
    await expect(registered).toBeHidden({ timeout: 6000 })
    await page.reload()
    await page.locator('#notifiche > summary').click()
    await expect(checkbox).toBeChecked()
    await checkbox.uncheck()
    await expect(
      panel.getByText('Registrazione annullata. Non riceverai più le notifiche per email.'),
    ).toBeVisible()
    expect(errors).toEqual([])
  })
})

test.describe('notifications of a followed contract', () => {
  test('an editor publishes a news item on a followed contract: the bell shows it and the digest reaches the mailbox', async ({
    page,
    browser,
    request,
  }) => {
    // The fan-out runs as a job of the queue the server polls every minute.
    test.setTimeout(180_000)
    const errors = collectErrors(page)
    const title = `Rinnovo del CCNL Terziario: firmata l'ipotesi di accordo ${Date.now()}`

    // A new subscriber (the digest goes once a day to each account: a demo persona would get it on the first run only)
    // adds the contract to the favourites and turns on e-mail notifications in the bell.
    const { email: follower } = await newSubscriber(page.request, 'professional_monthly')
    await page.goto('/bancadati/0/11/133/19')
    const favourite = page.locator('button[data-favourite]')
    await islandsHydrated(page)
    await favourite.click()
    await expect(page.getByText('Contratto preferito aggiunto')).toBeVisible()
    await expect(favourite).toHaveAttribute('aria-pressed', 'true')
    await page.locator('#notifiche > summary').click()
    const bell = page.locator('#notifiche-elenco')
    const checkbox = bell.getByRole('checkbox', { name: 'Ricevi le notifiche per email' })
    await expect(checkbox).toBeEnabled()
    await checkbox.check()
    await expect(
      bell.getByText('Registrazione completata. Riceverai da ora le notifiche per email.'),
    ).toBeVisible()

    // The editor writes the item in /admin, tags it with the contract and publishes it.
    const editorContext = await newContext(browser)
    const editor = await editorContext.newPage()
    await editor.goto('/admin/login')
    await editor.getByLabel('Email').fill('redazione@demo.local')
    await editor.getByLabel('Password').fill(PASSWORD)
    await editor.getByRole('button', { name: /^(Accedi|Login)$/ }).click()
    await expect(editor).toHaveURL(/\/admin\/?$/)
    await editor.goto('/admin/collections/news/create')
    await editor.getByLabel('Titolo').fill(title)
    const body = editor.locator('.rich-text-lexical [contenteditable="true"]').first()
    await body.click()
    await body.pressSequentially("Le parti hanno firmato l'ipotesi di rinnovo del contratto.")
    await editor.locator('#field-contracts').click()
    await editor.keyboard.type('Terziario')
    await editor
      .getByRole('option', { name: /Terziario, distribuzione e servizi/ })
      .first()
      .click()
    await editor.getByRole('button', { name: 'Pubblica modifiche' }).click()
    await expect(editor.getByText(/pubblicat|aggiornat|salvat/i).first()).toBeVisible()
    await editorContext.close()

    // The job notifies the follower within a minute; the bell lists the item, unread.
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/v1/notifications')
          const items = (await response.json()) as { title: string }[]
          return items.some((item) => item.title.includes(title))
        },
        { timeout: 75_000, intervals: [1_000, 2_000], message: 'la notifica della notizia pubblicata' },
      )
      .toBe(true)
    await page.reload()
    await page.locator('#notifiche > summary').click()
    const item = bell.locator('.bell__item').filter({ hasText: title })
    await expect(item).toBeVisible()
    await expect(bell.locator('.bell__item').first()).toContainText(title)

    // The daily digest (run at once in embedded mode) reaches the mailbox.
    expect((await request.post('/dev/notifiche/riepilogo')).ok()).toBe(true)
    await expect
      .poll(
        async () => {
          const response = await request.get(`/dev/posta/messages.json?to=${encodeURIComponent(follower)}`)
          const mails = (await response.json()) as { subject: string; text: string }[]
          return mails.some((mail) => mail.text.includes(title))
        },
        { timeout: 20_000, message: 'il riepilogo delle notifiche nella casella' },
      )
      .toBe(true)

    // E-mail notifications can be turned off again.
    await checkbox.uncheck()
    await expect(
      bell.getByText('Registrazione annullata. Non riceverai più le notifiche per email.'),
    ).toBeVisible()
    expect(errors).toEqual([])
  })
})
