import { collectErrors, expect, expectAccessible, login, screens, test } from './helpers.ts'

/**
 * The 'Novità' of a contract (Terziario Confcommercio, category 19): every
 * published change newest first, grouped by month; the 1/3/2025 decorrenza
 * shows its una tantum and leads to the comparison with the previous table,
 * the new edition of the text to its redline.
 */
test('a Professional reader follows the changes of a contract to the pay table comparison', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await login(page, 'professional@demo.local')
  await page.goto('/bancadati/0/11/133/19')
  // The overview's teaser: the three latest changes and the way to all of them.
  const teaser = page.getByTestId('ultime-novita')
  await expect(teaser.getByRole('listitem')).toHaveCount(3)
  await expect(teaser.getByRole('link', { name: 'Tutte le novità' })).toHaveAttribute(
    'href',
    '/bancadati/0/11/133/19/novita',
  )
  await screens(page, 'novita-anteprima-cruscotto')
  await page.locator('[data-section-menu] summary').click()
  await page.locator('[data-section-menu]').getByRole('link', { name: 'Novità' }).click()
  await expect(page).toHaveURL(/\/bancadati\/0\/11\/133\/19\/novita$/)

  const changes = page.getByTestId('novita')
  await expect(changes.getByRole('heading', { name: 'Novità del contratto' })).toBeVisible()
  // Newest first.
  const dates = await changes
    .locator('.change time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
  expect(dates.length).toBeGreaterThan(5)
  expect(dates).toEqual([...dates].sort().reverse())

  const edition = changes.locator('.change', { hasText: 'Nuova edizione' }).first()
  await expect(edition.getByRole('link').first()).toHaveAttribute(
    'href',
    '/bancadati/0/11/133/confronto-testi?da=1333&a=1331',
  )
  const march = changes.locator('.change', { hasText: 'Nuovi minimi retributivi dal 01/03/2025' })
  await expect(march).toContainText('una tantum 350,00 €')
  await expect(march).toContainText('livello 4 +30,00 € al mese')
  await screens(page, 'novita-contratto')
  await expectAccessible(page)

  // The filter keeps one kind.
  await changes
    .getByRole('navigation', { name: 'Mostra' })
    .getByRole('link', { name: /^Tabelle retributive/ })
    .click()
  await expect(page).toHaveURL(/\/novita\?tipo=tabelle$/)
  await expect(changes.locator('.change[data-kind="news"]')).toHaveCount(0)
  await expect(changes.locator('.change[data-kind="payTable"]')).toHaveCount(4)

  await changes
    .locator('.change', { hasText: 'Nuovi minimi retributivi dal 01/03/2025' })
    .locator('.change__title')
    .click()
  await expect(page).toHaveURL(/\/bancadati\/0\/11\/133\/19\/2\?decorrenza=01-03-2025&confronta=01-04-2024$/)
  await expect(
    page.getByRole('heading', { name: /Commercio.*01\/03\/2025|01\/03\/2025/ }).first(),
  ).toBeVisible()
  // Level 4: 1,718.75 → 1,748.75 €.
  const level4 = page.getByRole('table').last().getByRole('row', { name: /^4 / })
  await expect(level4).toContainText('+30,00 €')
  await expect(level4).toContainText('+1,75 %')
  await screens(page, 'novita-confronto-tabelle')
  expect(errors).toEqual([])
})
