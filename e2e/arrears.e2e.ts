/**
 * The arrears calculator ('Calcolo arretrati', /arretrati of a category) in
 * the browser: a Professional subscriber computes the Commercio case
 * (13th and 14th on the pay of their due date, the una tantum of the renewal,
 * totals by year with separate taxation, accruals not yet due and TFR apart,
 * every column adding up), a later renewal without the earlier renewal's una
 * tantum, a part-time employee hired mid-month by 26ths and 30ths, una tantum
 * already paid, downloads the XLSX and the client PDF, and a construction
 * worker's Cassa Edile; a Premium subscriber sees the PRO badge and the
 * Professional prompt, no figure computed; an anonymous visitor gets
 * 'Funzionalità non disponibile'. Screenshots at 1280 and 375 px (no page
 * scrolls sideways).
 */
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { pdfText } from '../tests/pdf-text.ts'
import { expect, expectAccessible, login, screens, test } from './helpers.ts'

/**
 * Terziario Confcommercio, category 19, 4° livello: 1.718,75 € from 01/04/2024, 1.748,75 € from
 * 01/03/2025 (una tantum 2 × 175,00 € to those in force on 01/03/2025, paid 31/03 and 31/07/2025),
 * 1.783,75 € from 01/11/2025, 1.818,75 € from 01/11/2026; 14 monthly payments, daily divisor 26.
 */
const CALCULATOR = '/bancadati/0/11/133/19/arretrati'
/** Edilizia industria, category 23 (operai): 4° livello 1.913,89 € from 01/01/2024, 2.025,89 € from 01/02/2025. */
const EDILI = '/bancadati/0/6/130/23/arretrati'

/** The euro amounts of some cells, in cents. */
async function centsOf(page: Page, selector: string): Promise<number[]> {
  return page
    .locator(selector)
    .evaluateAll((cells) =>
      cells.map((cell) =>
        Math.round(Number((cell.textContent ?? '').replace(/[^\d,-]/g, '').replace(',', '.')) * 100),
      ),
    )
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

test.describe('the arrears calculator', () => {
  test('a Professional subscriber computes the 13th and 14th, the una tantum and the years, and downloads XLSX and PDF', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await login(page, 'professional@demo.local', undefined, CALCULATOR)
    await expect(page).toHaveURL(new RegExp(`${CALCULATOR}$`))
    await expect(page.getByRole('heading', { name: /Calcolo arretrati/ })).toBeVisible()
    // Defaults: the renewal's first decorrenza and the table before it, full time, in force before,
    // the contract's 14 monthly payments and the 26ths of its tables.
    await expect(page.getByLabel('Decorrenza del rinnovo')).toHaveValue('2025-03-01')
    await expect(page.getByLabel('Tabella corrisposta')).toHaveValue('2024-04-01')
    await expect(page.getByLabel('Part-time (%)')).toHaveValue('100')
    await expect(page.getByLabel('Mensilità annue')).toHaveValue('14')
    await expect(page.getByLabel('Giorni dei mesi parziali')).toHaveValue('ventiseiesimi')
    await expect(page.locator('[data-total="total"]')).toBeVisible()

    // A validation error stays next to its field, the input kept.
    await page.getByLabel('Livello').selectOption('4')
    await page.getByLabel('In forza da prima').uncheck()
    await page.getByLabel('Part-time (%)').fill('150')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
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

    // The Commercio case, full time, in force before the 01/03/2025 renewal, to 30/11/2026:
    //   pay: March–October 2025 8 × 30,00 + November 2025 – October 2026 12 × 65,00
    //        + November 2026 100,00                                                  = 1.120,00
    //   14th July 2025 30,00 + 14th July 2026 65,00 (each on the difference of July) =    95,00
    //   13th December 2025 on December's difference                                  =    65,00
    //   una tantum 175,00 + 175,00 (in force on 01/03/2025, 12/12 months served)     =   350,00
    //   total                                                                         = 1.630,00
    //   apart: 13th 2026 11/12 × 100,00 = 91,67 + 14th 2027 5/12 × 100,00 = 41,67    =   133,34
    //   TFR (1.120,00 + 95,00 + 65,00 + 133,34) / 13,5                               =   104,69
    //   by year: 2025 370,00 + 30,00 + 65,00 + 350,00 = 815,00 (tassazione separata); 2026 815,00
    await page.getByLabel('In forza da prima').check()
    await page.getByLabel('Part-time (%)').fill('100')
    await page.getByLabel('Calcolo fino al', { exact: true }).fill('2026-11-30')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="pay"]')).toHaveText('1.120,00 €')
    await expect(page.locator('[data-total="thirteenth"]')).toHaveText('65,00 €')
    await expect(page.locator('[data-total="fourteenth"]')).toHaveText('95,00 €')
    await expect(page.locator('[data-total="unaTantum"]')).toHaveText('350,00 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('1.630,00 €')
    await expect(page.locator('[data-apart="accrued"]')).toHaveText('133,34 €')
    await expect(page.locator('[data-apart="tfr"]')).toContainText('104,69 €')
    await expect(page.locator('.arrears-extra tbody tr')).toHaveCount(3)
    await expect(page.locator('.arrears-years [data-year="2025"]')).toContainText(
      'arretrati di anni precedenti, tassazione separata',
    )
    await expect(page.locator('.arrears-years [data-year="2025"]')).toContainText('815,00 €')
    await expect(page.locator('.arrears-years [data-year="2026"]')).toContainText('815,00 €')
    await expect(page.locator('.arrears-method')).toContainText('ventiseiesimi')
    await expect(page.locator('.arrears-left-out')).toContainText('IRPEF e addizionali')
    // Every printed total is the sum of the printed rows above it.
    const lines = await centsOf(page, '.arrears-lines tbody td[data-label="Differenza"]')
    expect(lines).toHaveLength(21)
    expect(sum(lines)).toBe((await centsOf(page, '.arrears-lines tfoot td[data-label="Differenza"]'))[0])
    const extra = await centsOf(page, '.arrears-extra tbody td[data-label="Importo"]')
    expect(sum(extra)).toBe((await centsOf(page, '.arrears-extra tfoot td'))[0])
    const years = await centsOf(page, '.arrears-years tbody td[data-label="Totale"]')
    expect(sum(years)).toBe((await centsOf(page, '.arrears-years tfoot td[data-label="Totale"]'))[0])
    await screens(page, 'arretrati-professional')
    await expectAccessible(page)

    // The XLSX: real dates, and the total of the period adds its rows.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica XLSX' }).click(),
    ])
    expect(xlsx.suggestedFilename()).toBe('arretrati_19_4.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile((await xlsx.path()) ?? '')) as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    const header = sheet?.getColumn(1).values.findIndex((value) => value === 'Mese') ?? -1
    expect(sheet?.getCell(header + 1, 1).value).toEqual(new Date('2025-03-01T00:00:00Z'))
    expect(sheet?.getCell(header + 1, 2).value).toEqual(new Date('2025-03-01T00:00:00Z'))

    // The client PDF: the employee and the company, the 13th and 14th apart.
    await page.getByText('Per il PDF (facoltativi)').click()
    await page.locator('form.arrears-form').getByLabel('Dipendente').fill('Maria Rossi')
    await page.locator('form.arrears-form').getByLabel('Azienda').fill('Rossi Abbigliamento S.r.l.')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.getByText('Maria Rossi ·')).toBeVisible()
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Scarica PDF' }).click(),
    ])
    expect(pdf.suggestedFilename()).toBe('arretrati_19_4.pdf')
    const file = await readFile((await pdf.path()) ?? '')
    expect(file.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(file)
    for (const expected of [
      'Dipendente Maria Rossi',
      'Azienda Rossi Abbigliamento S.r.l.',
      '13ª mensilità 65,00 €',
      '14ª mensilità 95,00 €',
      'Totale arretrati 1.630,00 €',
      'Ratei maturati, non ancora esigibili 133,34 €',
    ]) {
      expect(text).toContain(expected)
    }

    // From the 01/11/2025 renewal (table paid: 01/03/2025) its una tantum belongs to the earlier renewal:
    //   pay 12 × 35,00 + 70,00 = 490,00; 13th December 2025 35,00; 14th July 2026 35,00; total 560,00.
    await page.getByLabel('Decorrenza del rinnovo').selectOption('2025-11-01')
    await page.getByLabel('Tabella corrisposta').selectOption('2025-03-01')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="unaTantum"]')).toHaveText('0,00 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('560,00 €')
    await expect(page.locator('.arrears-una-tantum li').first()).toContainText(
      'non inclusa: appartiene al rinnovo dal 01/03/2025, precedente a quello calcolato',
    )
    // With the latest table paid, nothing is owed.
    await page.getByLabel('Decorrenza del rinnovo').selectOption('2025-03-01')
    await page.getByLabel('Tabella corrisposta').selectOption('2025-11-01')
    await page.getByLabel('Calcolo fino al', { exact: true }).fill('2025-12-31')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="total"]')).toHaveText('0,00 €')

    // Hired Tuesday 17/06/2025 at 50 %, paid the 01/04/2024 table, to 31/01/2026, 26ths:
    //   17–30 June: 14 days less the Sundays 22 and 29 = 12: 30,00 × 12/26 × 50 % =   6,92
    //   July–October: 4 × 15,00                                                  =  60,00
    //   November 2025 – January 2026: 3 × 32,50                                   =  97,50
    //   pay                                                                       = 164,42
    //   14th July 2025: 14 days of June are not a month of service               =   0,00
    //   13th December 2025: July–December 6/12 × 65,00 × 50 %                     =  16,25
    //   una tantum: hired after 01/03/2025, the day of entitlement                =   0,00
    //   total                                                                     = 180,67
    await page.getByLabel('Tabella corrisposta').selectOption('2024-04-01')
    await page.getByLabel('In forza da prima').uncheck()
    await page.getByLabel('Data di assunzione').fill('2025-06-17')
    await page.getByLabel('Part-time (%)').fill('50')
    await page.getByLabel('Calcolo fino al', { exact: true }).fill('2026-01-31')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="pay"]')).toHaveText('164,42 €')
    await expect(page.locator('[data-total="thirteenth"]')).toHaveText('16,25 €')
    await expect(page.locator('[data-total="fourteenth"]')).toHaveText('0,00 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('180,67 €')
    await expect(
      page.getByText('Livello 4 · part-time 50 % · assunto il 17/06/2025 · fino al 31/01/2026'),
    ).toBeVisible()
    const rows = page.locator('.arrears-lines tbody tr')
    await expect(rows).toHaveCount(8)
    await expect(rows.first()).toContainText('giugno 2025')
    await expect(rows.first().locator('td').nth(1)).toHaveText('12/26')
    await expect(page.locator('.arrears-una-tantum li').first()).toContainText(
      'non spetta: non in forza alla data prevista',
    )
    // By 30ths June 17–30 is 30 − 17 + 1 = 14/30: 30,00 × 14/30 × 50 % = 7,00; pay 164,50, total 180,75.
    await page.getByLabel('Giorni dei mesi parziali').selectOption('trentesimi')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(rows.first().locator('td').nth(1)).toHaveText('14/30')
    await expect(page.locator('[data-total="total"]')).toHaveText('180,75 €')
    await expect(page.locator('.arrears-method')).toContainText('trentesimi')

    // Hired 10/10/2023 instead: in force on 01/03/2025, so the una tantum is due pro rata (26ths again).
    //   pay: March–October 2025 8 × 15,00 = 120,00; November 2025 – January 2026 3 × 32,50 = 97,50 → 217,50
    //   14th July 2025 30,00 × 50 % = 15,00; 13th December 2025 65,00 × 50 % = 32,50
    //   una tantum, April 2023 – March 2024: October (22 days ≥ 15) to March = 6 of 12 months;
    //   each instalment 175,00 × 50 % × 6/12 = 43,75; both 87,50
    //   total 217,50 + 15,00 + 32,50 + 87,50 = 352,50
    await page.getByLabel('Giorni dei mesi parziali').selectOption('ventiseiesimi')
    await page.getByLabel('Data di assunzione').fill('2023-10-10')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="pay"]')).toHaveText('217,50 €')
    await expect(page.locator('[data-total="unaTantum"]')).toHaveText('87,50 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('352,50 €')
    await expect(page.locator('.arrears-una-tantum li').first()).toContainText(
      '175,00 € × 50 % di part-time × 6/12 mesi di servizio = 43,75 €',
    )
    // The first instalment was already paid: it is left out (352,50 − 43,75 = 308,75).
    await page.getByLabel(/Rata del 31\/03\/2025/).check()
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="unaTantum"]')).toHaveText('43,75 €')
    await expect(page.locator('[data-total="total"]')).toHaveText('308,75 €')
    await expect(page.locator('.arrears-una-tantum li').first()).toContainText('non inclusa: già corrisposta')
    await expect(page.getByLabel(/Rata del 31\/03\/2025/)).toBeChecked()
  })

  test('a construction worker’s 13th and holiday pay go to the Cassa Edile', async ({ page }) => {
    // Operai edili, 4° livello, in force before the 01/02/2025 renewal, to 30/06/2025:
    //   pay February–June 5 × 112,00                               = 560,00
    //   accantonamento Cassa Edile 18,5 % of 112,00 = 20,72; 5 ×    = 103,60
    //   una tantum 250,00 × 7/7 months of July 2024 – January 2025 = 250,00
    //   total (no 13th paid by the employer)                       = 913,60
    await login(page, 'professional@demo.local', undefined, EDILI)
    await page.getByLabel('Livello').selectOption('4')
    await page.getByLabel('Decorrenza del rinnovo').selectOption('2025-02-01')
    await page.getByLabel('Tabella corrisposta').selectOption('2024-01-01')
    await page.getByLabel('Calcolo fino al', { exact: true }).fill('2025-06-30')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    await expect(page.locator('[data-total="fund"]')).toHaveText('103,60 €')
    await expect(page.locator('[data-total="thirteenth"]')).toHaveCount(0)
    await expect(page.locator('[data-total="total"]')).toHaveText('913,60 €')
    await expect(page.locator('.arrears-method')).toContainText('Cassa Edile: 18,5 %')
    const funds = await centsOf(page, '.arrears-lines tbody td[data-label="Cassa Edile"]')
    expect(funds).toEqual([2072, 2072, 2072, 2072, 2072])
    await screens(page, 'arretrati-edili')
  })

  test('a Professional subscriber uploads a list of employees: rows with errors named, the rest computed, one XLSX and one PDF', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    // Renewal of 01/03/2025, to 30/11/2026 (the form's end date for rows without one):
    //   Maria Rossi, 4° livello, in force before, full time: 1.630,00 (the worked example)
    //   Luca Bianchi, hired 10/10/2023 at 50 %, first una tantum instalment paid: 683,75
    //     (pay 120,00 + 390,00 + 50,00; 14th 15,00 + 32,50; 13th 32,50; una tantum 43,75)
    //   line 4: level 9 does not exist; line 5: no name, 31/02/2025 is no date, 150 % is no share
    const csv = [
      'nome;livello;assunzione;parttime;fine;corrisposto;una tantum già corrisposta',
      'Maria Rossi;4;;;;;',
      'Luca Bianchi;4;10/10/2023;50;;;31/03/2025',
      'Anna Verdi;9;;;;;',
      ';4;31/02/2025;150;;;',
    ].join('\r\n')
    await login(page, 'professional@demo.local', undefined, CALCULATOR)
    await page.getByLabel('Calcolo fino al', { exact: true }).fill('2026-11-30')
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
    const list = page.locator('#elenco')
    await expect(list.getByRole('link', { name: 'Scarica il modello CSV' })).toBeVisible()
    await list.getByLabel('File dei dipendenti (CSV o XLSX)').setInputFiles({
      name: 'dipendenti.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    })
    await list.getByRole('button', { name: 'Controlla il file' }).click()
    await expect(page).toHaveURL(/\/arretrati\/elenco/)
    await expect(page.locator('[data-list-summary]')).toHaveText(
      '2 dipendenti calcolati · 2 righe con errori',
    )
    const table = page.locator('.arrears-list__table')
    await expect(table.locator('tbody tr')).toHaveCount(2)
    await expect(table.locator('tbody tr').nth(0)).toContainText('1.630,00 €')
    await expect(table.locator('tbody tr').nth(1)).toContainText('683,75 €')
    await expect(table.locator('tfoot')).toContainText('2.313,75 €')
    const errors = page.locator('.arrears-list__errors li')
    await expect(errors.first()).toHaveText(
      'Riga 4, colonna «livello»: Il livello indicato non compare nelle tabelle retributive della categoria.',
    )
    await expect(errors.nth(1)).toHaveText('Riga 5, colonna «nome»: manca il nome del dipendente.')
    await screens(page, 'arretrati-elenco')

    // The same file again: one XLSX with the summary and a sheet per employee, one PDF.
    const upload = page.locator('#elenco').getByLabel('File dei dipendenti (CSV o XLSX)')
    await upload.setInputFiles({ name: 'dipendenti.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Calcola e scarica XLSX' }).click(),
    ])
    expect(xlsx.suggestedFilename()).toBe('arretrati_19_elenco.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile((await xlsx.path()) ?? '')) as unknown as ArrayBuffer)
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Riepilogo',
      '2 Maria Rossi',
      '3 Luca Bianchi',
    ])
    await upload.setInputFiles({ name: 'dipendenti.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Calcola e scarica PDF' }).click(),
    ])
    expect(pdf.suggestedFilename()).toBe('arretrati_19_elenco.pdf')
    const text = pdfText(await readFile((await pdf.path()) ?? ''))
    expect(text).toContain('Dipendente Luca Bianchi')
    expect(text).toContain('2.313,75 €')

    // A file that is not a list: said in Italian, nothing computed.
    await upload.setInputFiles({
      name: 'foto.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('cognome,ruolo\nRossi,4\n'),
    })
    await page.getByRole('button', { name: 'Controlla il file' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Nel file mancano le colonne obbligatorie: nome, livello.',
    )
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
    await expect(page.getByRole('button', { name: 'Calcola', exact: true })).toBeDisabled()
    await expect(page.locator('[data-total]')).toHaveCount(0)
    await screens(page, 'arretrati-premium')
  })

  test('an anonymous visitor gets the feature-unavailable treatment', async ({ page }) => {
    await page.goto(CALCULATOR)
    await expect(page.locator('.badge--pro').first()).toBeVisible()
    await page.getByRole('button', { name: 'Calcola', exact: true }).click()
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
