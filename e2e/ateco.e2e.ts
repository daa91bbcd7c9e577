/**
 * 'Che contratto applico?' in the browser, with the demo data and the whole
 * ISTAT ATECO 2025 list: reached from the contract search; a full code with
 * its contracts, ordered by representativeness and saying so (no «Il più
 * applicato» without application figures); «Il più applicato» where the
 * figures back it; words as people type them ('software', 'produzione di
 * software', 'ristorante'); ATECO 2007 codes read through ISTAT's table
 * (62.01) and a code in neither list (the nearest code, said so); every
 * metalworking contract for 25.62 with its reason; nothing found; the form
 * without JavaScript, at 1280 and 375 px.
 */
import type { Page } from '@playwright/test'
import { expect, screens, test } from './helpers.ts'

const FINDER = '/bancadati/0/che-contratto-applico'

/** Full-page screenshots from the top (the answer's anchor scrolls the page down). */
const topOfPage = (page: Page) => page.evaluate(() => window.scrollTo(0, 0))

const search = async (page: Page, query: string) => {
  await page.getByLabel('Codice ATECO o attività').fill(query)
  await page.getByRole('button', { name: 'Trova i contratti' }).click()
}

test('finds the contracts of an ATECO code with the reason, ordered by representativeness and saying so', async ({
  page,
}) => {
  await page.goto('/bancadati/0')
  await page.getByRole('link', { name: 'Che contratto applico?' }).first().click()
  await expect(page).toHaveURL(FINDER)
  await expect(page.getByRole('heading', { level: 1, name: 'Che contratto applico?' })).toBeVisible()

  await search(page, '56.11.11')
  await expect(page).toHaveURL(`${FINDER}?q=56.11.11#risultati`)
  const code = page.getByRole('article', { name: /Attività di ristoranti con servizio al tavolo/ })
  await expect(code).toContainText('56.11.11')
  await expect(code).toContainText('Sottocategoria')
  await expect(code).toContainText('Sezione I – Attività dei servizi di alloggio e di ristorazione')
  const first = code.locator('.finder__contracts > li').first()
  await expect(first).toContainText('Pubblici esercizi')
  await expect(first).toContainText(
    'Codice ATECO 56.11.11 delle categorie «Pubblici esercizi (bar, ristoranti, pizzerie)»',
  )
  // No application figures for these contracts: no «most applied», and the order is explained.
  await expect(code).not.toContainText('Il più applicato')
  await expect(code).toContainText(
    'Non abbiamo i dati di applicazione (aziende e dipendenti) di questo contratto',
  )
  await topOfPage(page)
  await screens(page, 'che-contratto-applico-codice')

  await first.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/bancadati\/0\/\d+\/136\/\d+$/)
})

test('names the most applied contract only where application figures back it', async ({ page }) => {
  await page.goto(`${FINDER}?q=86.10.00`)
  const hospitals = page.getByRole('article', { name: 'Attività ospedaliere' })
  const first = hospitals.locator('.finder__contracts > li').first()
  await expect(first).toContainText('Il più applicato')
  await expect(first).toContainText(
    'Applicato a 146.322 dipendenti in 2.203 aziende (CNEL-INPS, flussi Uniemens 2023)',
  )
})

test('finds activities by the words people use, by their meaning', async ({ page }) => {
  await page.goto(`${FINDER}?q=software`)
  const programming = page.getByRole('article', { name: 'Attività di programmazione informatica' })
  await expect(programming).toContainText('62.10.00')
  await expect(programming.locator('.finder__contracts > li').first()).toContainText('Terziario')
  await expect(page.getByRole('article').first()).toHaveAccessibleName(
    'Attività di programmazione informatica',
  )

  // «produzione di» must not bring dairy and bread along.
  await search(page, 'produzione di software')
  await expect(page.getByRole('article').first()).toHaveAccessibleName(
    'Attività di programmazione informatica',
  )
  await expect(page.getByRole('article', { name: /latte|lattiero|pane/ })).toHaveCount(0)
  await topOfPage(page)
  await screens(page, 'che-contratto-applico-parole')

  await search(page, 'ristorante')
  await expect(page.getByRole('article').first()).toHaveAccessibleName(
    'Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie',
  )
})

test('reads ATECO 2007 codes through ISTAT’s table, and says which mapping it used', async ({ page }) => {
  await page.goto(`${FINDER}?q=62.01`)
  await expect(
    page.getByText(
      '62.01 è un codice ATECO 2007: nella tavola di raccordo ISTAT corrisponde al codice ATECO 2025 62.10.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('article', { name: 'Attività di programmazione informatica' })).toContainText(
    '62.10',
  )

  await page.goto(`${FINDER}?q=62`)
  await expect(
    page.getByRole('article', {
      name: 'Attività di programmazione, consulenza informatica e attività connesse',
    }),
  ).toContainText('Divisione')
  await expect(page.getByText(/non è nell’elenco ATECO 2025/)).toHaveCount(0)

  await page.goto(`${FINDER}?q=56.19.99`)
  await expect(
    page.getByText(
      'Il codice 56.19.99 non è nell’elenco ATECO 2025 né nella tavola di raccordo ISTAT con l’ATECO 2007: ecco il codice ATECO 2025 più vicino per prefisso, 56.1.',
    ),
  ).toBeVisible()

  await page.goto(`${FINDER}?q=astronave`)
  await expect(page.getByText('Nessuna attività corrisponde a «astronave».')).toBeVisible()
})

test('offers every metalworking contract for 25.62, each with its reason', async ({ page }) => {
  await page.goto(`${FINDER}?q=25.62`)
  const locks = page.getByRole('article', { name: 'Fabbricazione di serrature e cerniere' })
  const contracts = locks.locator('.finder__contracts > li')
  const industry = contracts.filter({ hasText: 'industria metalmeccanica privata' })
  const smallFirms = contracts.filter({ hasText: 'piccola e media industria metalmeccanica' })
  await expect(industry.first()).toContainText(
    'Codice ATECO 25 della categoria «Industria metalmeccanica privata',
  )
  await expect(smallFirms.first()).toContainText(
    'Codice ATECO 25 della categoria «Piccola e media industria metalmeccanica e installazione di impianti»',
  )
  await expect(locks).toContainText('Ordinati per rappresentatività dei firmatari secondo l’archivio CNEL')
  await expect(locks).not.toContainText('Il più applicato')
  // The same digits on an old visura meant «Lavori di meccanica generale»: the page says where that went.
  await expect(page.getByText('Se 25.62 è il codice ATECO 2007 della visura')).toBeVisible()
  await expect(page.getByText(/corrisponde al codice ATECO 2025 25\.53/)).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the form answers from the server, at 1280 and 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(FINDER)
    await search(page, 'impresa edile')
    const building = page.getByRole('article', {
      name: 'Costruzione di edifici residenziali e non residenziali',
    })
    await expect(building).toContainText('imprese edili')
    await topOfPage(page)
    await screens(page, 'che-contratto-applico-edile')
  })
})
