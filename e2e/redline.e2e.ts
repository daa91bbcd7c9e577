/**
 * The redline between two editions of a contract text in the browser: a
 * Professional reader opens it from the dashboard's section menu, finds the
 * lists of added, removed and changed articles first, a struck and an
 * inserted word, picks other editions (also without JavaScript), asks
 * 'Il testo in vigore al' and prints; a Premium reader gets the PRO badge
 * and the Professional prompt, an anonymous visitor 'Funzionalità non
 * disponibile'. Screenshots at 1280 and 375 px.
 */
import { expect, expectAccessible, login, newContext, screens, test } from './helpers.ts'

const DASHBOARD = '/bancadati/0/11/133'
const REDLINE = `${DASHBOARD}/confronto-testi`
/** The demo contract's editions: 30/03/2015 (archive) and 22/03/2024 (consolidated text). */
const ARCHIVE = '1333'
const CONSOLIDATED = '1331'

test.describe('a Professional reader', () => {
  test('compares two editions, picks others, finds the text in force on a day and prints', async ({
    page,
    context,
    browser,
  }) => {
    await login(page, 'professional@demo.local', undefined, DASHBOARD)
    await page.goto(DASHBOARD)
    await page.locator('[data-section-menu] summary').click()
    await page.locator('[data-section-menu]').getByRole('link', { name: 'Confronto tra edizioni' }).click()
    await expect(page).toHaveURL(new RegExp(`${REDLINE}$`))
    await expect(page.getByRole('heading', { level: 2, name: 'Confronto tra edizioni' })).toBeVisible()

    // By default the two latest editions, older first.
    await expect(page.getByLabel('Da', { exact: true })).toHaveValue(ARCHIVE)
    await expect(page.getByLabel('A', { exact: true })).toHaveValue(CONSOLIDATED)
    await expect(page.locator('.redline-span')).toHaveText(
      'Dall’edizione del 30/03/2015 a quella del 22/03/2024',
    )

    // The lists first, each entry a link to its article below.
    const lists = page.locator('.redline-lists')
    for (const name of ['Articoli aggiunti', 'Articoli eliminati', 'Articoli modificati'])
      await expect(lists.getByRole('heading', { name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible()
    const firstArticle = page.locator('.redline-main > .redline-article').first()
    const listsBox = await lists.boundingBox()
    const articleBox = await firstArticle.boundingBox()
    expect(listsBox && articleBox && listsBox.y + listsBox.height <= articleBox.y).toBe(true)

    // Inside a changed article: a struck and an inserted word, announced as such.
    const withWords = page
      .locator('.redline-article--changed')
      .filter({ has: page.locator('.redline-article__body del') })
      .filter({ has: page.locator('.redline-article__body ins') })
      .first()
    const id = (await withWords.getAttribute('id')) ?? ''
    const changedLink = page.locator(`#elenco-changed + ul a[href="#${id}"]`)
    const heading = (await changedLink.innerText()).trim()
    await changedLink.click()
    await expect(page).toHaveURL(new RegExp(`#${id}$`))
    const changed = page.locator('.redline-article:target')
    await expect(changed).toBeInViewport()
    await expect(changed.getByRole('heading', { level: 4 })).toHaveText(heading)
    await expect(changed.locator('.badge')).toHaveText('Modificato')
    const struck = changed.locator('.redline-article__body del').first()
    const inserted = changed.locator('.redline-article__body ins').first()
    await expect(struck).toBeVisible()
    await expect(inserted).toBeVisible()
    await expect(struck).toContainText('[eliminato: ')
    await expect(inserted).toContainText('[inserito: ')
    expect(await struck.evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe('line-through')
    expect(await inserted.evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe('underline')
    await page.evaluate(() => window.scrollTo(0, 0))
    await screens(page, 'redline-professionale')
    await expectAccessible(page)

    // Other editions: asked newer first, compared older first; the same one twice is refused.
    await page.getByLabel('Da', { exact: true }).selectOption(CONSOLIDATED)
    await page.getByLabel('A', { exact: true }).selectOption(ARCHIVE)
    await page.getByRole('button', { name: 'Confronta' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?da=${CONSOLIDATED}&a=${ARCHIVE}$`))
    await expect(page.locator('.redline-main .alert')).toContainText(
      'Le edizioni sono confrontate in ordine di data',
    )
    await expect(page.getByLabel('Da', { exact: true })).toHaveValue(ARCHIVE)
    await expect(page.locator('.redline-lists')).toBeVisible()
    await page.getByLabel('A', { exact: true }).selectOption(ARCHIVE)
    await page.getByRole('button', { name: 'Confronta' }).click()
    await expect(page.locator('.redline-main .alert')).toContainText(
      'Hai scelto la stessa edizione due volte',
    )
    await expect(page.locator('.redline-article')).toHaveCount(0)
    await page.goto(`${REDLINE}?da=${ARCHIVE}&a=${CONSOLIDATED}`)

    // 'Il testo in vigore al': a wrong date is explained, a right one names the edition and opens it.
    const day = page.getByLabel('Il testo in vigore al')
    await day.fill('31/02/2020')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page.locator('#in-vigore-esito')).toHaveText(
      'Indica una data valida nel formato gg/mm/aaaa, ad esempio 01/01/2020.',
    )
    await expect(day).toHaveAttribute('aria-invalid', 'true')
    await day.fill('01/01/2010')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page.locator('#in-vigore-esito')).toContainText(
      'la prima edizione in banca dati si applica dal 01/01/2015',
    )
    // 01/06/2023: the 2024 text, signed on 22/03/2024, decorre dal 01/04/2023; the page says so.
    await day.fill('01/06/2023')
    await page.getByRole('button', { name: 'Cerca' }).click()
    const found = page.locator('#in-vigore-esito')
    await expect(found).toContainText('Al 01/06/2023 è in vigore:')
    await expect(found.getByRole('link')).toContainText('testo consolidato')
    await expect(found).toContainText(
      'In vigore dal 01/04/2023: la scelta si basa sulla decorrenza del testo, non sulla data di firma (22/03/2024).',
    )
    await page.setViewportSize({ width: 375, height: 900 })
    await found.scrollIntoViewIfNeeded()
    await page.screenshot({ path: 'test-results/screens/redline-in-vigore-decorrenza-375.png' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await found.scrollIntoViewIfNeeded()
    await page.screenshot({ path: 'test-results/screens/redline-in-vigore-decorrenza-1280.png' })
    await day.fill('01/01/2020')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page).toHaveURL(new RegExp(`da=${ARCHIVE}&a=${CONSOLIDATED}&al=01%2F01%2F2020#in-vigore$`))
    await expect(found).toContainText('Al 01/01/2020 è in vigore:')
    await expect(found).toContainText(
      'In vigore dal 01/01/2015: la scelta si basa sulla decorrenza del testo',
    )
    // The comparison stays as it was.
    await expect(page.locator('.redline-lists')).toBeVisible()
    await page.setViewportSize({ width: 375, height: 900 })
    await found.scrollIntoViewIfNeeded()
    await page.screenshot({ path: 'test-results/screens/redline-in-vigore-375.png' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await found.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}/1\\?testo=${ARCHIVE}$`))
    await expect(page.locator('#documento-titolo')).toContainText('edizione del 30 marzo 2015')
    await page.goBack()

    // Print: the preview in a new tab, with the lists, the words struck and inserted, the watermark on paper.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Stampa' }).click(),
    ])
    await tab.waitForLoadState()
    await expect(tab).toHaveURL(new RegExp(`/stampa/confronto-testi/${ARCHIVE}-${CONSOLIDATED}$`))
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      'Confronto tra edizioni del testo nazionale',
    )
    await expect(tab.getByRole('button', { name: 'STAMPA' })).toBeEnabled()
    await expect(tab.getByRole('heading', { level: 2, name: /^Articoli modificati/ })).toBeVisible()
    await expect(tab.locator('.redline-article__body del').first()).toBeVisible()
    await expect(tab.locator('.redline-article__body ins').first()).toBeVisible()
    await tab.emulateMedia({ media: 'print' })
    const watermark = tab.locator('[data-watermark]')
    await expect(watermark).toContainText('Riproduzione Riservata')
    // On paper the vertical watermark keeps to its strip: every line of the text starts to its right.
    for (const width of [1280, 375]) {
      await tab.setViewportSize({ width, height: 900 })
      const mark = await watermark.boundingBox()
      const starts = await tab
        .locator('.print-doc p, .print-doc h1, .print-doc h2, .print-doc h3, .print-doc h4, .print-doc li')
        .evaluateAll((nodes) =>
          nodes.flatMap((node) => {
            const range = document.createRange()
            range.selectNodeContents(node)
            return [...range.getClientRects()].map((rect) => rect.left)
          }),
        )
      expect(mark && starts.length > 0).toBe(true)
      expect(Math.min(...starts), `${width} px`).toBeGreaterThanOrEqual((mark?.x ?? 0) + (mark?.width ?? 0))
    }
    await tab.setViewportSize({ width: 1280, height: 800 })
    await screens(tab, 'redline-stampa')
    await tab.close()

    // Without JavaScript the editions are chosen all the same (a GET form).
    const plain = await newContext(browser, {
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    })
    const noScript = await plain.newPage()
    await noScript.goto(REDLINE)
    await noScript.getByLabel('Da', { exact: true }).selectOption(CONSOLIDATED)
    await noScript.getByLabel('A', { exact: true }).selectOption(ARCHIVE)
    await noScript.getByRole('button', { name: 'Confronta' }).click()
    await expect(noScript).toHaveURL(new RegExp(`\\?da=${CONSOLIDATED}&a=${ARCHIVE}$`))
    await expect(noScript.locator('.redline-lists')).toBeVisible()
    await plain.close()
  })
})

test.describe('readers without Professional', () => {
  test('a Premium reader sees the PRO badge and the Professional prompt, never the comparison', async ({
    page,
  }) => {
    await login(page, 'premium@demo.local', undefined, REDLINE)
    await page.goto(REDLINE)
    const title = page.getByRole('heading', { level: 2, name: /Confronto tra edizioni/ })
    await expect(title.locator('.badge--pro')).toHaveText('PRO')
    const banner = page.locator('[data-paywall]')
    await expect(banner).toContainText('Il confronto tra edizioni è una funzione Professional')
    await expect(banner).toContainText('Questo contenuto è riservato agli utenti Professional')
    await expect(banner.getByRole('link', { name: 'Passa a Professional' })).toHaveAttribute(
      'href',
      '/acquista',
    )
    await expect(page.locator('.redline-article')).toHaveCount(0)
    await expect(page.locator('del, ins')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Stampa' })).toHaveCount(0)
    // 'Il testo in vigore al' is public: the edition is named, the archive marked PRO.
    await page.getByLabel('Il testo in vigore al').fill('01/01/2020')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page.locator('#in-vigore-esito')).toContainText('In vigore dal 01/01/2015')
    await expect(page.locator('#in-vigore-esito .badge--pro')).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await screens(page, 'redline-premium')
    await expectAccessible(page)
  })

  test('an anonymous visitor is told the feature is not available', async ({ page }) => {
    await page.goto(REDLINE)
    await expect(page.locator('[data-paywall]')).toContainText('Funzionalità non disponibile')
    await page.getByRole('button', { name: 'Confronta' }).click()
    const dialog = page.getByRole('dialog', { name: 'Funzionalità non disponibile' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Prova gratis per 7 giorni' })).toBeVisible()
    await expect(page.locator('.redline-article')).toHaveCount(0)
  })
})
