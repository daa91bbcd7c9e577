import { expect, test, adminLogin } from './helpers.ts'

/**
 * An editor of the daily feed writes a news item in /admin, schedules its
 * publication for a future day and finds it in the news list.
 */
test('an editor creates a news item, schedules its publication and sees it in the list', async ({ page }) => {
  // A long walk through the admin's editor and scheduling drawer.
  test.setTimeout(120_000)
  const title = `Scadenza versamenti contributivi ${Date.now()}`

  await adminLogin(page, 'redazione@demo.local')

  await page.goto('/admin/collections/news/create')
  await page.getByLabel('Titolo').fill(title)
  await page.locator('#field-type').click()
  await page.getByRole('option', { name: 'Scadenza' }).click()
  const body = page.locator('.rich-text-lexical [contenteditable="true"]').first()
  await body.click()
  await body.pressSequentially('Entro il 16 del mese i versamenti dei contributi.')

  await page.getByRole('button', { name: 'Salva bozza' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/news\/\d+/)

  // The publish button's menu opens the scheduling drawer.
  await page
    .locator('.popup-button')
    .filter({ has: page.locator('svg') })
    .last()
    .click()
  await page.getByRole('button', { name: 'Pubblicazione Programmata' }).click()
  const drawer = page.locator('.schedule-publish')
  await expect(drawer).toBeVisible()
  await drawer.getByText('Pubblicare', { exact: true }).click()
  await drawer.locator('#time input, input#time').first().click()
  await page.locator('.react-datepicker__navigation--next').click()
  await page.locator('.react-datepicker__day--015:not(.react-datepicker__day--outside-month)').click()
  await page
    .locator('.react-datepicker__time-list-item')
    .filter({ hasText: /^(9|09)[:.]00/ })
    .first()
    .click()
  await drawer.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Programmato con successo.')).toBeVisible()
  const day = new Date()
  day.setMonth(day.getMonth() + 1, 15)
  const when = `15/${String(day.getMonth() + 1).padStart(2, '0')}/${day.getFullYear()} 09:00`
  const upcoming = drawer.getByRole('row').filter({ hasText: when })
  await expect(upcoming).toContainText('Pubblicare')

  // The list shows the newest dates first, and the demo feed has deadlines after today: the editor
  // finds the draft by its title.
  await page.goto('/admin/collections/news')
  await page.getByPlaceholder(/Cerca per Titolo/).fill(title)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Scadenza')
  await expect(row).toContainText('Bozza')
})
