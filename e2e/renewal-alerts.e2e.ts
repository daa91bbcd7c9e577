import { request as newRequest, type Page } from '@playwright/test'
import {
  adminLogin,
  collectErrors,
  DEMO_PASSWORD,
  expect,
  login,
  newContext,
  screens,
  test,
} from './helpers.ts'

/**
 * Renewal alerts: an editor adds in /admin a pay table with a new decorrenza
 * for a category that professional@demo.local follows (Lavoro domestico,
 * category 40: every level's base pay 40 € higher than the newest table);
 * the follower's bell states the change level by level with the una tantum,
 * its link opens the comparison of the two decorrenze, and the arrears
 * calculator gives the hand-checked arrears of the new table, with its XLSX.
 */
const CATEGORY = 40
const DASHBOARD = '/bancadati/0/11/138/40'

type Level = { code: string; basePay: number; costOfLiving: number; thirdElement: number }
type Table = { id: number; effectiveDate: string; levels: Level[] }

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' })
const plain = (text: string) => text.replace(/\u00a0/g, ' ')
const italian = (day: string) => day.split('-').reverse().join('/')

test('a follower reads a new decorrenza’s deltas in the bell, opens the comparison and computes the arrears', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000)
  const errors = collectErrors(page)

  // The follower: category 40 among the favourites (kept from an earlier run, or added now).
  await login(page, 'professional@demo.local', undefined, DASHBOARD)
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`))
  const favourite = page.locator('button[data-favourite]')
  await expect(favourite).toBeEnabled()
  const followedBefore = (await favourite.getAttribute('aria-pressed')) === 'true'
  if (!followedBefore) {
    await favourite.click()
    await expect(page.getByText('Contratto preferito aggiunto')).toBeVisible()
  }
  await expect(favourite).toHaveAttribute('aria-pressed', 'true')

  // The editor: the newest table of the category, one year later with every base pay 40 € higher.
  const editorContext = await newContext(browser)
  const editor = await editorContext.newPage()
  await adminLogin(editor, 'redazione@demo.local')
  const found = await editor.request.get(
    `/cms/api/pay-tables?where[categoryCode][equals]=${CATEGORY}&sort=-effectiveDate&limit=1&depth=0`,
    { headers: { origin: baseURL ?? '' } },
  )
  expect(found.ok()).toBe(true)
  const previous = ((await found.json()) as { docs: Table[] }).docs[0] as Table
  const previousDay = previous.effectiveDate.slice(0, 10)
  const newDay = `${Number(previousDay.slice(0, 4)) + 1}${previousDay.slice(4)}`
  const levels = previous.levels.map((level) => ({
    ...level,
    basePay: Math.round((level.basePay + 40) * 100) / 100,
  }))
  const first = previous.levels[0] as Level
  const before = first.basePay + first.costOfLiving + first.thirdElement
  const percent = new Intl.NumberFormat('it-IT', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.round((40 / before) * 10_000) / 100)
  const expectedLine = `Liv. ${first.code}: ${euro.format(before)} → ${euro.format(before + 40)} (+40,00 €, +${percent} %)`

  await editor.goto('/admin/collections/pay-tables/create')
  await editor.locator('#field-category').click()
  await editor.keyboard.type('domestici conviventi')
  await editor
    .getByRole('option', { name: /Lavoratori domestici conviventi/ })
    .first()
    .click()
  const date = editor.locator('#field-effectiveDate input')
  await date.fill(italian(newDay))
  await date.press('Enter')
  await fillSource(editor, 'levels', JSON.stringify(levels))
  // The una tantum through its form: 300 € to those in force on the decorrenza, paid on 31 March.
  const unaTantum = editor.getByTestId('una-tantum')
  await unaTantum.getByRole('button', { name: 'Aggiungi una tantum' }).click()
  await unaTantum.getByLabel('Importo a tempo pieno (€)').fill('300')
  await unaTantum.getByLabel('Spetta a chi è in forza al').fill(newDay)
  await unaTantum.getByLabel('Erogata il').fill(`${newDay.slice(0, 4)}-03-31`)
  await unaTantum.getByLabel('Periodo di riferimento: dal').fill(previousDay)
  await unaTantum.getByLabel('al', { exact: true }).fill(`${newDay.slice(0, 4)}-01-01`)
  await expect(unaTantum.getByLabel('Part-time')).toHaveValue('proportional')
  await unaTantum.screenshot({ path: 'test-results/screens/una-tantum-admin-1280.png' })
  // The editor sees the same delta before saving.
  const preview = editor.getByTestId('pay-table-delta')
  await expect(preview).toContainText(`Confronto con la tabella in vigore dal ${italian(previousDay)}`)
  await expect(preview.getByRole('row', { name: new RegExp(`^${first.code} `) })).toContainText('+40,00')
  await editor.getByRole('button', { name: 'Salva', exact: true }).click()
  await expect(editor).toHaveURL(/\/admin\/collections\/pay-tables\/\d+/)
  const created = Number(/pay-tables\/(\d+)/.exec(editor.url())?.[1])
  await editorContext.close()

  // The queue at once (embedded mode), instead of within a minute.
  expect((await request.post('/dev/lavori/esegui')).ok()).toBe(true)

  const title = `Nuovi minimi dal ${italian(newDay)} – CCNL Lavoro domestico (Lavoratori domestici conviventi)`
  await page.reload()
  await page.locator('#notifiche > summary').click()
  const bell = page.locator('#notifiche-elenco')
  // Newest first: an earlier run's alert of a table since deleted may share the title.
  const item = bell.locator('.bell__item').filter({ hasText: title }).first()
  await expect(item).toBeVisible()
  const body = plain((await item.locator('.bell__body').textContent()) ?? '')
  expect(body).toContain(`Minimi mensili rispetto alla decorrenza del ${italian(previousDay)}:`)
  expect(body).toContain(plain(expectedLine))
  expect(body).toContain(`e altri ${levels.length - 4} livelli`)
  expect(body).toContain(`Una tantum di 300,00 € a chi è in forza al ${italian(newDay)}`)
  await page.screenshot({ path: 'test-results/screens/renewal-alert-bell-1280.png' })
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(item).toBeVisible()
  await page.screenshot({ path: 'test-results/screens/renewal-alert-bell-375.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // One click: the comparison of the two decorrenze.
  await item.getByRole('link').click()
  await expect(page).toHaveURL(
    `${DASHBOARD}/2?decorrenza=${newDay.split('-').reverse().join('-')}&confronta=${previousDay.split('-').reverse().join('-')}#confronta-titolo`,
  )
  // The page opens on the comparison, under the table.
  const comparison = page.getByRole('form', { name: 'Confronta con un’altra decorrenza' })
  await expect(comparison.getByRole('heading')).toBeInViewport()
  await expect(comparison).toContainText(italian(previousDay))
  await expect(comparison).toContainText(italian(newDay))
  await expect(comparison).toContainText('+40,00')
  await screens(page, 'renewal-alert-comparison')

  // The arrears the new table brings: level ${first.code}, 50 % part-time, hired on the 17th of the
  // decorrenza's month (after the una tantum's entitlement day, so none is due), up to the end of
  // the second month after it, 13 monthly payments, part months in calendar days. By hand, each
  // month's difference is 40,00 €:
  //   first month: 40,00 × 50 % × (days from the 17th) / (days of the month), rounded to the cent
  //   two whole months: 2 × 40,00 × 50 % = 40,00
  //   13th: it falls due in December, outside the period: none owed; accrued in the period, apart,
  //   on the difference of the last day: (months of at least 15 days served) / 12 × 40,00 × 50 %
  const [year, month] = newDay.split('-').map(Number) as [number, number]
  expect(month).toBeLessThanOrEqual(9)
  const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const cents = (value: number) => Math.round(value * 100) / 100
  const firstMonth = cents((40 * 0.5 * (monthDays - 16)) / monthDays)
  const payDifferences = cents(firstMonth + 40)
  const monthsServed = (monthDays - 16 >= 15 ? 1 : 0) + 2
  const accrued = cents((40 * 0.5 * monthsServed) / 12)
  const hiredOn = `${newDay.slice(0, 8)}17`
  const until = new Date(Date.UTC(year, month + 2, 0)).toISOString().slice(0, 10)
  await page.goto(`${DASHBOARD}/arretrati`)
  await page.getByLabel('Livello').selectOption(first.code)
  await page.getByLabel('Decorrenza del rinnovo').selectOption(newDay)
  await page.getByLabel('Tabella corrisposta').selectOption(previousDay)
  await page.getByLabel('In forza da prima').uncheck()
  await page.getByLabel('Data di assunzione').fill(hiredOn)
  await page.getByLabel('Part-time (%)').fill('50')
  await page.getByLabel('Calcolo fino al', { exact: true }).fill(until)
  await page.getByLabel('Mensilità annue').fill('13')
  await page.getByLabel('Giorni dei mesi parziali').selectOption('calendario')
  await page.getByRole('button', { name: 'Calcola', exact: true }).click()
  await expect(page.locator('[data-total="pay"]')).toHaveText(plain(euro.format(payDifferences)))
  await expect(page.locator('[data-total="thirteenth"]')).toHaveText('0,00 €')
  await expect(page.locator('[data-total="unaTantum"]')).toHaveText('0,00 €')
  await expect(page.locator('[data-total="total"]')).toHaveText(plain(euro.format(payDifferences)))
  await expect(page.locator('[data-apart="accrued"]')).toHaveText(plain(euro.format(accrued)))
  await expect(page.locator('.arrears-lines tbody tr')).toHaveCount(3)
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Scarica XLSX' }).click(),
  ])
  expect(xlsx.suggestedFilename()).toBe(`arretrati_${CATEGORY}_${first.code}.xlsx`)
  expect(errors).toEqual([])

  // The data as it was: the table deleted by an administrator (editors may not), the favourite as found.
  const admin = await newRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } })
  const signedIn = await admin.post('/cms/api/users/login', {
    data: { email: 'admin@demo.local', password: DEMO_PASSWORD },
  })
  expect(signedIn.ok()).toBe(true)
  expect((await admin.delete(`/cms/api/pay-tables/${created}`)).ok()).toBe(true)
  await admin.dispose()
  if (!followedBefore) {
    await page.goto(DASHBOARD)
    await favourite.click()
    await expect(favourite).toHaveAttribute('aria-pressed', 'false')
  }
})

/** Replaces the text of a JSON field's code editor (Monaco) in the admin. */
async function fillSource(page: Page, field: string, text: string) {
  const editor = page.locator(`#field-${field} .monaco-editor`)
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
  // A long line scrolls sideways: its end is what shows.
  await expect(editor).toContainText(text.slice(-20))
}
