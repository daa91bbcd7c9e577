/**
 * The arrears calculator ('Calcolo arretrati', /arretrati of a category) in
 * the browser: a Professional subscriber computes the arrears of a part-time
 * employee hired mid-period, checks the total against a hand calculation and
 * downloads the XLSX and the PDF; a Premium subscriber sees the PRO badge and
 * the Professional prompt, no figure computed; an anonymous visitor gets
 * 'Funzionalità non disponibile'. Screenshots at 1280 and 375 px.
 */
import { readFile } from 'node:fs/promises'
import { pdfText } from '../tests/pdf-text.ts'
import { expect, expectAccessible, login, screens, test } from './helpers.ts'

/** Terziario Confcommercio, category 19: level 4 has four tables (1/4/2024, 1/3/2025, 1/11/2025, 1/11/2026). */
const CALCULATOR = '/bancadati/0/11/133/19/arretrati'

test.describe('the arrears calculator', () => {
  test('a Professional subscriber computes a part-time employee hired mid-period and downloads XLSX and PDF', async ({
    page,
  }) => {
    await login(page, 'professional@demo.local', undefined, CALCULATOR)
    await expect(page).toHaveURL(new RegExp(`${CALCULATOR}$`))
    await expect(page.getByRole('heading', { name: /Calcolo arretrati/ })).toBeVisible()
    // Defaults: the renewal's first decorrenza and the table before it, full time, in force before.
    await expect(page.getByLabel('Decorrenza del rinnovo')).toHaveValue('2025-03-01')
    await expect(page.getByLabel('Tabella corrisposta')).toHaveValue('2024-04-01')
    await expect(page.getByLabel('Part-time (%)')).toHaveValue('100')
    await expect(page.locator('[data-total="total"]')).toBeVisible()

    // A validation error stays next to its field, the input kept.
    await page.getByLabel('Livello').selectOption('4')
    await page.getByLabel('In forza da prima').uncheck()
    await page.getByLabel('Part-time (%)').fill('150')
    await page.getByRole('button', { name: 'Calcola' }).click()
    await expect(page.locator('#campo-parttime-errore')).toHaveText(
      'La percentuale di part-time deve essere un numero intero tra 1 e 100.',
    )
    await expect(page.locator('#campo-assunzione-errore')).toHaveText(
      "Indica la data di assunzione oppure spunta 'In forza da prima'.",
    )
    await expect(page.getByRole('alert')).toHaveText('Correggi i dati evidenziati.')
    await screens(page, 'arretrati-errori')
    await expect(page.getByLabel('Part-time (%)')).toHaveValue('150')
    await expect(page.locator('[data-total]')).toHaveCount(0)

    // Level 4 minimum: 1.718,75 € (table paid, from 1/4/2024), 1.748,75 € from 1/3/2025, 1.783,75 € from 1/11/2025.
    // Hired 17/06/2025 at 50 %, computed to 31/01/2026, 14 monthly payments:
    //   17–30 June 2025: 30,00 × 14/30 days × 50 % =   7,00
    //   July–October:    4 × 30,00 × 50 %         =  60,00
    //   Nov 2025–Jan 2026: 3 × 65,00 × 50 %       =  97,50
    //   pay differences                            = 164,50
    //   13th and 14th: 164,50 × 2/12               =  27,42 (27,4166…)
    //   una tantum: the 1/3/2025 table's two rates of 175,00 go to those in force on 1/3/2025:
    //   hired after it, none is due                =   0,00
    //   total                                      = 191,92 (191,9166…)
    await page.getByLabel('Livello').selectOption('4')
    await page.getByLabel('Decorrenza del rinnovo').selectOption('2025-03-01')
    await page.getByLabel('Tabella corrisposta').selectOption('2024-04-01')
    await page.getByLabel('Data di assunzione').fill('2025-06-17')
    await page.getByLabel('Part-time (%)').fill('50')
    await page.getByLabel('Calcolo fino al').fill('2026-01-31')
    await page.getByLabel('Mensilità annue').fill('14')
    await page.getByRole('button', { name: 'Calcola' }).click()
    await expect(page.locator('[data-total="pay"]')).toHaveText('164,50 €')
    await expect(page.locator('[data-total="additional"]')).toHaveText('27,42 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('191,92 €')
    await expect(page.locator('[data-total="unaTantum"]')).toHaveText('0,00 €')
    await expect(page.locator('.arrears-una-tantum li')).toHaveCount(2)
    await expect(page.locator('.arrears-una-tantum li').first()).toContainText(
      'non spetta: non in forza alla data prevista',
    )
    await expect(
      page.getByText('Livello 4 · part-time 50 % · assunto il 17/06/2025 · fino al 31/01/2026'),
    ).toBeVisible()
    const rows = page.locator('.arrears-lines tbody tr')
    await expect(rows).toHaveCount(8)
    await expect(rows.first()).toContainText('giugno 2025')
    await expect(rows.first().locator('td').nth(1)).toHaveText('14')
    await expect(page.locator('.arrears-tables')).toContainText('dal 01/03/2025')
    await expect(page.locator('.arrears-tables')).toContainText('corrisposta')
    // The form keeps what was entered.
    await expect(page.getByLabel('Data di assunzione')).toHaveValue('2025-06-17')
    await expect(page.getByLabel('In forza da prima')).not.toBeChecked()

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica XLSX' }).click(),
    ])
    expect(xlsx.suggestedFilename()).toBe('arretrati_19_4.xlsx')
    const workbook = await readFile((await xlsx.path()) ?? '')
    expect(workbook.subarray(0, 2).toString()).toBe('PK')

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica PDF' }).click(),
    ])
    expect(pdf.suggestedFilename()).toBe('arretrati_19_4.pdf')
    const file = await readFile((await pdf.path()) ?? '')
    expect(file.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(file)
    expect(text).toContain('Totale arretrati')
    expect(text).toContain('191,92')
    expect(text).toContain('01/03/2025')

    // Hired 10/10/2023 instead: in force on 1/3/2025, so the una tantum is due pro rata.
    //   pay: March–October 2025 8 × 15,00 = 120,00; Nov 2025–Jan 2026 3 × 32,50 = 97,50 → 217,50
    //   13th and 14th: 217,50 × 2/12                                                  =  36,25
    //   una tantum, reference period April 2023 – March 2024: October (22 days ≥ 15) to March
    //   = 6 of 12 months; each rate 175,00 × 50 % × 6/12 = 43,75; two rates            =  87,50
    //   total 217,50 + 36,25 + 87,50                                                   = 341,25
    await page.getByLabel('Data di assunzione').fill('2023-10-10')
    await page.getByRole('button', { name: 'Calcola' }).click()
    await expect(page.locator('[data-total="pay"]')).toHaveText('217,50 €')
    await expect(page.locator('[data-total="additional"]')).toHaveText('36,25 €')
    await expect(page.locator('[data-total="unaTantum"]')).toHaveText('87,50 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('341,25 €')
    await expect(page.locator('.arrears-una-tantum li').first()).toContainText(
      '175,00 € × 50 % di part-time × 6/12 mesi di servizio = 43,75 €',
    )
    await screens(page, 'arretrati-professional')
    await expectAccessible(page)
  })

  test('a Premium subscriber sees the PRO badge and the Professional prompt, no figures', async ({
    page,
  }) => {
    await login(page, 'premium@demo.local', undefined, CALCULATOR)
    await expect(page).toHaveURL(new RegExp(`${CALCULATOR}$`))
    await expect(page.locator('.badge--pro').first()).toHaveText('PRO')
    await expect(
      page.getByText(/Il calcolo degli arretrati è riservato agli utenti Professional/),
    ).toBeVisible()
    await expect(page.locator('#banner').getByRole('link', { name: /Professional/ })).toHaveAttribute(
      'href',
      '/acquista',
    )
    await expect(page.getByRole('button', { name: 'Calcola' })).toBeDisabled()
    await expect(page.locator('[data-total]')).toHaveCount(0)
    await screens(page, 'arretrati-premium')
  })

  test('an anonymous visitor gets the feature-unavailable treatment', async ({ page }) => {
    await page.goto(CALCULATOR)
    await expect(page.locator('.badge--pro').first()).toBeVisible()
    await page.getByRole('button', { name: 'Calcola' }).click()
    const dialog = page.getByRole('dialog', { name: 'Funzionalità non disponibile' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Prova gratis per 7 giorni' })).toBeVisible()
    await expect(page.locator('[data-total]')).toHaveCount(0)
    // The API refuses the figures too.
    const api = await page.request.get(
      '/api/v1/contratti/arretrati/byCategoria/19/pdf?livello=4&fine=31-12-2025',
    )
    expect(api.status()).toBe(401)
  })
})
