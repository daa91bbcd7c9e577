/**
 * 'Che contratto applico?' in the browser, with the demo data and the shipped
 * ISTAT list: reached from the contract search, a full code (the leading
 * contract first, with its reason), words ('ristorante', 'autofficina' found
 * through the explanatory notes), an ATECO 2007 code and nothing found; the
 * form works without JavaScript and on a 375 px screen.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './helpers.ts'

const FINDER = '/bancadati/0/che-contratto-applico'

/** Full-page screenshots from the top (the answer's anchor scrolls the page down). */
const topOfPage = (page: Page) => page.evaluate(() => window.scrollTo(0, 0))

test('finds the contracts of an ATECO code, the leading one first, with the reason', async ({ page }) => {
  await page.goto('/bancadati/0')
  await page.screenshot({ path: 'test-results/screens/ricerca-contratti-collegamento-ateco-1280.png' })
  await page.getByRole('link', { name: 'Che contratto applico?' }).first().click()
  await expect(page).toHaveURL(FINDER)
  await expect(page.getByRole('heading', { level: 1, name: 'Che contratto applico?' })).toBeVisible()

  await page.getByLabel('Codice ATECO o attività').fill('56.11.11')
  await page.getByRole('button', { name: 'Trova i contratti' }).click()
  await expect(page).toHaveURL(`${FINDER}?q=56.11.11#risultati`)
  const code = page.getByRole('article', { name: /Attività di ristoranti con servizio al tavolo/ })
  await expect(code).toContainText('56.11.11')
  await expect(code).toContainText('Sottocategoria')
  await expect(code).toContainText('Sezione I – Attività dei servizi di alloggio e di ristorazione')
  const first = code.getByRole('listitem').first()
  await expect(first).toContainText('Il più applicato')
  await expect(first).toContainText(
    'Codice ATECO 56.11.11 delle categorie «Pubblici esercizi (bar, ristoranti, pizzerie)»',
  )
  await topOfPage(page)
  await page.screenshot({
    path: 'test-results/screens/che-contratto-applico-codice-1280.png',
    fullPage: true,
  })

  await first.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/bancadati\/0\/\d+\/136\/\d+$/)
})

test('finds activities by the words people use', async ({ page }) => {
  await page.goto(`${FINDER}?q=ristorante`)
  await expect(page.getByRole('heading', { level: 2, name: /codici ATECO corrispondenti/ })).toBeVisible()
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: 'Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie',
    }),
  ).toBeVisible()

  await page.getByLabel('Codice ATECO o attività').fill('autofficina')
  await page.getByRole('button', { name: 'Trova i contratti' }).click()
  const repair = page.getByRole('article', {
    name: /Riparazione e manutenzione meccanica, elettrica ed elettronica di autoveicoli/,
  })
  await expect(repair).toContainText('95.31.10')
  await expect(repair).toContainText('Stessa classe ATECO 95.31 – Riparazione e manutenzione di autoveicoli')
  await expect(repair).not.toContainText('Il più applicato')
  await topOfPage(page)
  await page.screenshot({
    path: 'test-results/screens/che-contratto-applico-parole-1280.png',
    fullPage: true,
  })

  await page.getByRole('link', { name: 'colf', exact: true }).click()
  await expect(page.getByRole('article', { name: /personale domestico/ }).first()).toContainText(
    'Il più applicato',
  )
})

test('explains an ATECO 2007 code and a search that finds nothing', async ({ page }) => {
  await page.goto(`${FINDER}?q=56.10.11`)
  await expect(
    page.getByText('Il codice 56.10.11 non è nell’elenco ATECO 2025 (potrebbe essere un codice ATECO 2007)'),
  ).toBeVisible()
  await expect(
    page.getByRole('article', { name: 'Attività di ristoranti e di servizi di ristorazione mobile' }),
  ).toBeVisible()
  await page.goto(`${FINDER}?q=astronave`)
  await expect(page.getByText('Nessuna attività corrisponde a «astronave».')).toBeVisible()
  await expect(page.getByRole('link', { name: 'parrucchiere', exact: true })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('the form answers from the server, and fits a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(FINDER)
    await page.getByLabel('Codice ATECO o attività').fill('impresa edile')
    await page.getByRole('button', { name: 'Trova i contratti' }).click()
    await expect(
      page.getByRole('article', { name: 'Costruzione di edifici residenziali e non residenziali' }),
    ).toContainText('Il più applicato')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await topOfPage(page)
    await page.screenshot({ path: 'test-results/screens/che-contratto-applico-375.png', fullPage: true })
  })
})
