import { expect, test, adminLogin } from './helpers.ts'

/**
 * Before saving a pay table, an editor sees what its levels change from the
 * category's previous decorrenza (Terziario, category 19: 1 November 2026
 * against 1 November 2025; level 4 goes from 1,783.75 to 1,818.75 €).
 */
test('an editor sees the changes of a pay table from the previous decorrenza', async ({ page }) => {
  await adminLogin(page, 'redazione@demo.local')
  await page.goto('/admin/collections/pay-tables?search=19_2026-11-01')
  await page
    .getByRole('link', { name: /^19 · Dipendenti da aziende del terziario/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/admin\/collections\/pay-tables\/\d+/)

  const preview = page.getByTestId('pay-table-delta')
  await expect(
    preview.getByRole('heading', { name: 'Variazioni rispetto alla decorrenza precedente' }),
  ).toBeVisible()
  await expect(preview).toContainText('Confronto con la tabella in vigore dal 01/11/2025')
  const level = preview.getByRole('row', { name: /^4 / })
  await expect(level).toContainText('1.783,75')
  await expect(level).toContainText('1.818,75')
  await expect(level).toContainText('+35,00')
  await expect(level).toContainText('+1,96 %')
  await expect(preview.getByRole('alert')).toHaveCount(0)
  await preview.screenshot({ path: 'test-results/screens/admin-pay-table-delta.png' })
})
