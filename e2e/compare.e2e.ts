/**
 * The contract comparison in the browser: a subscriber picks contracts from
 * the finder's results, opens their comparison, adds a third with the
 * picker, changes a level, prints and downloads the XLSX; a visitor without
 * access sees the subscription prompt instead of the pay (the amounts never
 * sent); the dashboard's 'Confronta' starts a comparison from its contract;
 * the picker works without JavaScript. Screenshots at 1280 and 375 px.
 */
import { type Page } from '@playwright/test'
import { adminLogin, expect, expectAccessible, login, newContext, screens, test } from './helpers.ts'

const COMPARE = '/bancadati/0/confronto'
const SUBSCRIBE =
  'I minimi retributivi del confronto sono riservati agli abbonati e agli utenti in prova gratuita.'

/** The pay row's cells, in the order of the contracts. */
const payCells = (page: Page) => page.locator('tr.compare-table__pay td')

test.describe('a subscriber compares contracts', () => {
  test('from the finder to three contracts, a level changed, printed and exported', async ({
    page,
    context,
  }) => {
    await login(page, 'premium@demo.local', undefined, '/bancadati/0')
    await page.goto('/bancadati/0?q=terziario')

    // 'Confronta' on two results: the tray lists them and opens their comparison.
    const results = page.locator('#risultati .db-result')
    await results
      .filter({ hasText: 'Confcommercio' })
      .first()
      .getByRole('button', { name: 'Confronta' })
      .click()
    await expect(page.locator('.compare-tray')).toContainText('1 contratto scelto')
    await expect(page.locator('.compare-tray')).toContainText('Scegli almeno due contratti da confrontare.')
    await results
      .filter({ hasText: 'Confesercenti' })
      .first()
      .getByRole('button', { name: 'Confronta' })
      .click()
    const tray = page.locator('.compare-tray')
    await expect(tray).toContainText('2 contratti scelti')
    await expect(tray).toContainText('Terziario Confcommercio')
    await expect(tray).toContainText('Terziario Confesercenti')
    await screens(page, 'confronto-ricerca')

    // A new search keeps the two contracts chosen.
    await page.getByLabel('Cerca un contratto').fill('commercio')
    await page.getByRole('button', { name: 'Cerca', exact: true }).click()
    await expect(page).toHaveURL(/q=commercio/)
    await expect(tray).toContainText('2 contratti scelti')
    await tray.getByRole('link', { name: 'Confronta' }).click()
    await expect(page).toHaveURL(/\/bancadati\/0\/confronto\?contratti=133,134$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confronta contratti')

    // A third contract through the picker's suggestions (search as you type).
    await page.getByLabel('Cerca un contratto per nome o codice CNEL').fill('metalmeccanica')
    const suggestion = page
      .locator('#aggiungi-risultati li')
      .filter({ hasText: 'industria metalmeccanica privata' })
      .first()
    await suggestion.getByRole('link', { name: 'Aggiungi al confronto' }).click()
    await expect(page).toHaveURL(/contratti=133,134,121$/)
    await expect(page.locator('.compare-table thead th')).toHaveCount(4)
    await expect(payCells(page)).toHaveCount(3)
    for (const cell of await payCells(page).all()) await expect(cell).toContainText(/\d,\d{2}\s€/)
    await expect(payCells(page).first()).toContainText('Livello 4')
    await expect(page.locator('tbody')).toContainText('40 ore')
    await expect(page.locator('tbody')).toContainText('Sì (14 mensilità)')
    await expect(page.locator('tbody')).toContainText('No (13 mensilità)')
    await expect(page.locator('tbody')).toContainText('60 giorni di lavoro effettivo')
    await expect(page.locator('tbody')).toContainText(/In vigore fino al|Scaduto il/)

    // A level changed: the comparison follows at once.
    const before = await payCells(page).first().locator('.compare-table__amount').innerText()
    await page.locator('#livello133').selectOption('1')
    await expect(page).toHaveURL(/contratti=133:19:1,/)
    await expect(payCells(page).first()).toContainText('Livello 1')
    await expect(payCells(page).first().locator('.compare-table__amount')).not.toHaveText(before)
    await screens(page, 'confronto-abbonato')
    await expectAccessible(page)

    // Print: the preview in a new tab, the watermark on paper.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Stampa' }).click(),
    ])
    await tab.waitForLoadState()
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Confronto contratti')
    await expect(tab.getByRole('button', { name: 'STAMPA' })).toBeEnabled()
    await expect(tab.locator('table')).toContainText('Terziario, distribuzione e servizi – Confcommercio')
    await expect(tab.locator('table')).toContainText('Minimo mensile')
    await tab.emulateMedia({ media: 'print' })
    await expect(tab.locator('[data-watermark]')).toContainText('Riproduzione Riservata')
    await screens(tab, 'confronto-stampa')
    await tab.close()

    // The XLSX, named after the contracts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica XLSX' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^confronto-133-134-121-\d{4}-\d{2}-\d{2}\.xlsx$/)

    // Removing a contract keeps the others.
    await page.getByRole('link', { name: 'Rimuovi Terziario Confesercenti dal confronto' }).first().click()
    await expect(page).toHaveURL(/contratti=133:19:1,121/)
    await expect(payCells(page)).toHaveCount(2)
  })

  test('fits four contracts at 1280 px, with the annual pay of each (monthly pay × monthly payments)', async ({
    page,
  }) => {
    await login(page, 'premium@demo.local', undefined, COMPARE)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${COMPARE}?contratti=133,134,121,135`)
    await expect(page.locator('.compare-table thead th')).toHaveCount(5)
    // The fourth column is whole inside the table's frame: nothing to scroll sideways.
    const wrap = page.locator('.compare-wrap')
    expect(await wrap.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0)
    const frame = await wrap.boundingBox()
    const fourth = await page.locator('.compare-table thead th').nth(4).boundingBox()
    expect(frame && fourth && fourth.x + fourth.width <= frame.x + frame.width + 0.5).toBe(true)

    // Each annual figure is the monthly one above it times the contract's monthly payments, to the cent.
    const euro = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))
    const annual = page.locator('tr.compare-table__annual td')
    await expect(annual).toHaveCount(4)
    const payments = [14, 14, 13, 14]
    for (const [index, count] of payments.entries()) {
      const monthly = euro(await payCells(page).nth(index).locator('.compare-table__amount').innerText())
      const cell = annual.nth(index)
      await expect(cell.locator('.compare-table__sub')).toContainText(`× ${count} mensilità`)
      const yearly = euro(await cell.locator('.compare-table__amount').innerText())
      expect(yearly, `contratto ${index + 1}`).toBeCloseTo(Math.round(monthly * count * 100) / 100, 2)
    }
    // Terziario at its 7th level: the EDR of 5,16 € the table's note grants is in the monthly pay.
    await page.locator('#livello133').selectOption('7')
    await expect(page).toHaveURL(/contratti=133:19:7,/)
    await expect(payCells(page).first()).toContainText('Livello 7')
    await expect(page.locator('tbody')).toContainText('Minimo annuo (mensile × mensilità)')
    await screens(page, 'confronto-quattro')
  })

  test('starts from a contract’s dashboard', async ({ page }) => {
    await login(page, 'premium@demo.local', undefined, '/bancadati/0/11/133/19')
    await page.goto('/bancadati/0/11/133/19')
    await screens(page, 'confronto-cruscotto')
    await page.locator('.dash-head').getByRole('link', { name: 'Confronta' }).click()
    await expect(page).toHaveURL(/\/bancadati\/0\/confronto\?contratti=133:19$/)
    await expect(page.locator('.compare-picker')).toContainText('Terziario Confcommercio')
    await expect(page.locator('.compare-picker')).toContainText('Scegli almeno due contratti da confrontare.')
  })
})

test.describe('a visitor without access', () => {
  test('sees the subscription prompt in the pay row, never the amounts', async ({ page }) => {
    await page.goto(`${COMPARE}?contratti=133,121`)
    const payRow = page.locator('tr.compare-table__pay')
    await expect(payRow.locator('[data-paywall]')).toContainText(SUBSCRIBE)
    await expect(payRow.getByRole('link', { name: 'Prova gratis per 7 giorni' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Scarica XLSX' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Stampa' })).toHaveCount(0)
    // The other facts are public.
    await expect(page.locator('tbody')).toContainText('40 ore')
    await expect(page.locator('tbody')).toContainText('Periodo di prova')
    const sent = await (await page.request.get(`${COMPARE}?contratti=133:19:4,121`)).text()
    expect(sent).not.toMatch(/\d\.\d{3},\d{2}\s€/)
    await screens(page, 'confronto-visitatore')
    await expectAccessible(page)
  })

  test('picks contracts without JavaScript', async ({ browser }) => {
    const context = await newContext(browser, { javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${COMPARE}?contratti=133`)
    await page.getByLabel('Cerca un contratto per nome o codice CNEL').fill('turismo')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await page.locator('.compare-hit').first().getByRole('link', { name: 'Aggiungi al confronto' }).click()
    await expect(page.locator('.compare-table thead th')).toHaveCount(3)
    await page.locator('#categoria133').selectOption('20')
    await page.getByRole('button', { name: 'Aggiorna' }).click()
    await expect(page).toHaveURL(/categoria133=20/)
    await expect(page.locator('#categoria133')).toHaveValue('20')
    await context.close()
  })
})

test.describe('an editor', () => {
  test('corrects a contract’s terms in the admin, and the comparison shows the correction', async ({
    page,
    browser,
  }) => {
    const setHours = async (hours: string) => {
      await page.goto('/admin/collections/contract-terms')
      await expect(page.getByRole('heading', { name: 'Condizioni essenziali' })).toBeVisible()
      await page
        .getByRole('link', { name: /^121 · / })
        .first()
        .click()
      await expect(page).toHaveURL(/\/admin\/collections\/contract-terms\/\d+/)
      const field = page.locator('#field-weeklyHours')
      await expect(field).toBeEditable()
      if ((await field.inputValue()) === hours) return
      await field.fill(hours)
      const save = page.getByRole('button', { name: 'Salva', exact: true })
      await save.click()
      await expect(save).toBeDisabled()
    }
    await adminLogin(page, 'redazione@demo.local')
    await setHours('39')
    const visitor = await newContext(browser)
    const reader = await visitor.newPage()
    await reader.goto(`${COMPARE}?contratti=133,121`)
    const hours = reader.locator('tr').filter({ hasText: 'Orario settimanale' }).locator('td')
    await expect(hours).toHaveText(['40 ore', '39 ore'])
    await visitor.close()
    await setHours('40')
  })
})
