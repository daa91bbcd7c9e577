/**
 * The cost of labour ('Costo del lavoro', /costo-lavoro of a category) in the
 * browser: a Professional subscriber computes level 4 of the terziario and
 * checks it against a hand calculation, reads the blocks, the hours and every
 * level side by side, downloads the XLSX and the PDF, opens the print view
 * with the watermark and finds the row in the comparison of contracts; a
 * Premium subscriber sees the PRO badge and the Professional prompt; an
 * anonymous visitor gets 'Funzionalità non disponibile'. Screenshots at 1280
 * and 375 px.
 */
import { readFile } from 'node:fs/promises'
import { pdfText } from '../tests/pdf-text.ts'
import { expect, expectAccessible, login, screens, test } from './helpers.ts'

/** Terziario Confcommercio, category 19 (contract 133: labour-cost terms and terziario rates shipped). */
const PAGE = '/bancadati/0/11/133/19/costo-lavoro'

test.describe('the cost of labour', () => {
  test('a Professional subscriber computes a level, downloads XLSX and PDF and prints it', async ({
    page,
  }) => {
    await login(page, 'professional@demo.local', undefined, PAGE)
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`))
    await expect(page.getByRole('heading', { name: /Costo del lavoro ·/ })).toBeVisible()
    // Defaults: the contract's classification and reference level, full time, a result at once.
    await expect(page.getByLabel('Classificazione INPS')).toHaveValue('terziario')
    await expect(page.getByLabel('Livello')).toHaveValue('4')
    await expect(page.locator('[data-total="annual"]')).toBeVisible()

    // A bad value stays next to its field, the input kept, nothing computed.
    await page.getByLabel('Part-time (%)').fill('150')
    await page.getByRole('button', { name: 'Calcola' }).click()
    await expect(page.locator('#campo-parttime-errore')).toHaveText(
      'parttime: la percentuale di part-time deve essere un numero intero tra 1 e 100.',
    )
    await expect(page.getByRole('alert')).toHaveText('Correggi i dati evidenziati.')
    await expect(page.getByLabel('Part-time (%)')).toHaveValue('150')
    await expect(page.locator('[data-total]')).toHaveCount(0)
    await screens(page, 'costo-lavoro-errori')

    // Level 4 from 1/11/2025: paga base 1.257,46 + contingenza 524,22 + terzo elemento 2,07 = 1.783,75.
    // A 21.405,00; B (13ª and 14ª) 3.567,50; C on 24.972,50: INPS 7.369,38 + INAIL 9 ‰ 224,75 = 7.594,13;
    // TFR 24.972,50 / 13,5 = 1.849,81; D 10,70 + 144,00 + 331,78 = 486,48.
    // Annual 34.902,92; monthly 2.908,58; hours worked 2.088 − 407,33 = 1.680,67; per hour 20,77.
    await page.getByLabel('Part-time (%)').fill('100')
    await page.getByLabel('Decorrenza della tabella').selectOption('2025-11-01')
    await page.getByLabel('Dimensione dell’azienda').selectOption('fino-15')
    await page.getByRole('button', { name: 'Calcola' }).click()
    await expect(page.locator('[data-total="annual"]')).toHaveText('34.902,92 €')
    await expect(page.locator('[data-total="monthly"]')).toHaveText('2.908,58 €')
    await expect(page.locator('[data-total="perHourPaid"]')).toHaveText('16,72 €')
    await expect(page.locator('[data-total="perHourWorked"]')).toHaveText('20,77 €')
    await expect(page.locator('[data-hours="worked"]')).toHaveText('1.680,67 ore')
    await expect(page.locator('[data-block-total="A"]')).toHaveText('21.405,00 €')
    await expect(page.locator('[data-block-total="C"]')).toHaveText('7.594,13 €')
    await expect(page.locator('[data-line="inps-ivs"]')).toContainText('23,81 % di 24.972,50 €')
    await expect(page.locator('[data-line="inps-ivs"]')).toContainText('5.945,95 €')
    await expect(page.locator('[data-line="inail"]')).toContainText('9 ‰ di 24.972,50 €')
    await expect(page.getByText(/art\. 1, comma 769, L\. 296\/2006/).first()).toBeVisible()
    // Every level side by side, the chosen one marked.
    const levels = page.locator('.labour-levels tbody tr')
    await expect(levels).toHaveCount(8)
    await expect(page.locator('.labour-levels tr[data-level="4"]')).toContainText('34.902,92 €')
    await expect(page.locator('.labour-levels tr[data-level="4"]')).toHaveAttribute('aria-current', 'true')

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica XLSX' }).click(),
    ])
    expect(xlsx.suggestedFilename()).toBe('costo_lavoro_19_4.xlsx')
    expect((await readFile((await xlsx.path()) ?? '')).subarray(0, 2).toString()).toBe('PK')
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica PDF' }).click(),
    ])
    expect(pdf.suggestedFilename()).toBe('costo_lavoro_19_4.pdf')
    const text = pdfText(await readFile((await pdf.path()) ?? ''))
    expect(text).toContain('34.902,92')
    expect(text).toContain('Metodo')

    await screens(page, 'costo-lavoro-professional')
    await expectAccessible(page)

    // The print view: the same figures, the owner's watermark on paper.
    const [print] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Stampa' }).click(),
    ])
    await expect(print.getByRole('heading', { name: /Costo del lavoro · .* · livello 4/ })).toBeVisible()
    await expect(print.getByRole('row', { name: /Costo annuo/ })).toContainText('34.902,92 €')
    await expect(print.locator('[data-watermark]')).toContainText('Riproduzione Riservata')
    await screens(print, 'costo-lavoro-stampa')
    await print.close()

    // The comparison of contracts gets a row with the employer's annual cost.
    await page.goto('/bancadati/0/confronto?contratti=133:19:4,121')
    const row = page.locator('.compare-table__labour-cost')
    await expect(row.getByRole('rowheader')).toHaveText('Costo annuo del datore di lavoro')
    await expect(row.locator('[data-labour-cost]')).toHaveCount(2)
    for (const cell of await row.locator('[data-labour-cost] a').all()) {
      await expect(cell).toHaveText(/^\s*\d{1,3}(\.\d{3})*,\d{2}\s€\s*$/)
      await expect(cell).toHaveAttribute('href', /\/costo-lavoro\?livello=/)
    }
    await screens(page, 'costo-lavoro-confronto')
  })

  test('a Premium subscriber sees the PRO badge and the Professional prompt, no figures', async ({
    page,
  }) => {
    await login(page, 'premium@demo.local', undefined, PAGE)
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`))
    await expect(page.locator('.badge--pro').first()).toHaveText('PRO')
    await expect(page.getByText(/Il costo del lavoro è riservato agli utenti Professional/)).toBeVisible()
    await expect(page.locator('#banner').getByRole('link', { name: /Professional/ })).toHaveAttribute(
      'href',
      '/acquista',
    )
    await expect(page.getByRole('button', { name: 'Calcola' })).toBeDisabled()
    await expect(page.locator('[data-total]')).toHaveCount(0)
    await screens(page, 'costo-lavoro-premium')
    // The API and the print view refuse the figures too.
    const api = await page.request.get('/api/v1/contratti/costo-lavoro/byCategoria/19?livello=4')
    expect(api.status()).toBe(401)
    const print = await page.goto('/stampa/costo-lavoro/19?livello=4')
    expect(print?.status()).toBe(401)
    // The comparison shows the row locked.
    await page.goto('/bancadati/0/confronto?contratti=133:19:4,121')
    await expect(page.locator('.compare-table__labour-cost .badge--pro')).toBeVisible()
    await expect(page.locator('[data-labour-cost]')).toHaveCount(0)
  })

  test('an anonymous visitor gets the feature-unavailable treatment', async ({ page }) => {
    await page.goto(PAGE)
    await expect(page.locator('.badge--pro').first()).toBeVisible()
    await page.getByRole('button', { name: 'Calcola' }).click()
    const dialog = page.getByRole('dialog', { name: 'Funzionalità non disponibile' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Prova gratis per 7 giorni' })).toBeVisible()
    await expect(page.locator('[data-total]')).toHaveCount(0)
    await screens(page, 'costo-lavoro-anonimo')
    // The API answers 401 before reading the (bad) input.
    const api = await page.request.get('/api/v1/contratti/costo-lavoro/byCategoria/19/pdf?parttime=abc')
    expect(api.status()).toBe(401)
  })
})
