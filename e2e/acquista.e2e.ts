/**
 * The pricing page: monthly by default, the annual switch and the Studio
 * checkbox re-pick the price, the launch prices of §9 as charged, the routes
 * of Abbonati for visitors and for a Premium subscriber, Enterprise and FAQ,
 * on desktop and at 375 px.
 */
import { type Locator, type Page } from '@playwright/test'
import { expect, test, loginFormReady, screens } from './helpers.ts'

const plan = (page: Page, name: 'premium' | 'professional') => page.locator(`[data-plan="${name}"]`)
const shown = (card: Locator) => card.locator('[data-variant]:visible')

async function login(page: Page, email: string) {
  await page.goto('/accedi')
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill('Demo2026!')
  await page.getByRole('button', { name: 'ACCEDI' }).click()
  await expect(page).toHaveURL(/\/bancadati/)
}

test('a visitor compares the plans monthly and annually, with and without Studio', async ({ page }) => {
  await page.goto('/acquista')
  await expect(page.getByRole('heading', { name: 'Scegli il tuo abbonamento', level: 1 })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Mensile' })).toBeChecked()
  await expect(page.getByText('Risparmi fino al 17%')).toBeVisible()

  const premium = plan(page, 'premium')
  const professional = plan(page, 'professional')
  await expect(premium.getByText('-50%')).toBeVisible()
  await expect(shown(premium)).toHaveCount(1)
  await expect(shown(premium).locator('s')).toHaveText('9,99 €')
  await expect(shown(premium).locator('.plan__first')).toHaveText('4,99 € il primo mese')
  await expect(shown(premium)).toContainText('poi 9,99 € al mese · IVA inclusa')
  await expect(shown(professional).locator('s')).toHaveText('19,99 €')
  await expect(shown(professional).locator('.plan__first')).toHaveText('9,99 € il primo mese')

  await professional.getByRole('checkbox', { name: /Formula Studio/ }).check()
  await expect(shown(professional).locator('s')).toHaveText('29,99 €')
  await expect(shown(professional).locator('.plan__first')).toHaveText('14,99 € il primo mese')
  await expect(shown(premium).locator('s')).toHaveText('9,99 €')

  await page.getByRole('radio', { name: 'Annuale' }).check()
  await expect(shown(professional).locator('s')).toHaveText('299,99 €')
  await expect(shown(professional).locator('.plan__first')).toHaveText('149,99 € il primo anno')
  await expect(shown(professional)).toContainText('pari a 12,49 € al mese, poi 24,99 € al mese')
  await expect(shown(premium).locator('s')).toHaveText('99,99 €')
  await expect(shown(premium)).toContainText('pari a 4,16 € al mese, poi 8,33 € al mese')

  const subscribe = shown(premium).getByRole('link', { name: 'Abbonati' })
  await expect(subscribe).toHaveAttribute('href', /^\/v2\/registrati\/prod_[A-Za-z0-9]+\/price_[A-Za-z0-9]+$/)
  await expect(page.getByRole('link', { name: 'Richiedi informazioni' })).toHaveAttribute(
    'href',
    '/richiedi-enterprise',
  )

  await page.getByText('Quando ha effetto una disdetta').click()
  await expect(page.getByText('almeno 24 ore prima del rinnovo')).toBeVisible()
  await page.screenshot({ path: 'test-results/acquista-desktop.png', fullPage: true })

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/acquista')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: 'test-results/acquista-375.png', fullPage: true })
})

test('shows the price list of §9 to the cent, VAT included', async ({ page }) => {
  await page.goto('/acquista')
  const premium = plan(page, 'premium')
  const professional = plan(page, 'professional')
  await expect(shown(professional).locator('s')).toHaveText('19,99 €')
  await expect(shown(professional).locator('.plan__first')).toHaveText('9,99 € il primo mese')
  // The advertising line: Professional's first month 9,99 €, then 19,99 € a month.
  await expect(shown(professional).locator('.plan__then')).toHaveText('poi 19,99 € al mese · IVA inclusa')

  await page.getByRole('radio', { name: 'Annuale' }).check()
  await expect(shown(premium).locator('.plan__first')).toHaveText('49,98 € il primo anno')
  await expect(shown(premium)).toContainText('pari a 4,16 € al mese, poi 8,33 € al mese')
  await expect(shown(professional).locator('s')).toHaveText('199,99 €')
  await expect(shown(professional).locator('.plan__first')).toHaveText('99,99 € il primo anno')
  await expect(shown(professional)).toContainText('pari a 8,33 € al mese, poi 16,66 € al mese')

  await premium.getByRole('checkbox', { name: /Formula Studio/ }).check()
  await expect(shown(premium).locator('s')).toHaveText('169,99 €')
  await expect(shown(premium).locator('.plan__first')).toHaveText('84,99 € il primo anno')
  await expect(shown(premium)).toContainText('pari a 7,08 € al mese, poi 14,16 € al mese')

  await page.getByRole('radio', { name: 'Mensile' }).check()
  await expect(shown(premium).locator('s')).toHaveText('16,99 €')
  await expect(shown(premium).locator('.plan__first')).toHaveText('8,49 € il primo mese')
  await screens(page, 'acquista-listino')
})

test('a Premium subscriber goes to plan change from the pricing page', async ({ page }) => {
  await login(page, 'premium@demo.local')
  await page.goto('/acquista')
  await expect(shown(plan(page, 'premium')).getByRole('link', { name: 'Cambia piano' })).toHaveAttribute(
    'href',
    '/v2/profilo/abbonamento?changeSubscription=true',
  )
  await expect(
    shown(plan(page, 'professional')).getByRole('link', { name: 'Passa a Professional' }),
  ).toHaveAttribute('href', '/v2/profilo/abbonamento?changeSubscription=true&to=professional')
})

test('a signed-in account without a subscription goes to checkout', async ({ page }) => {
  await login(page, 'prova@demo.local')
  await page.goto('/acquista')
  await plan(page, 'premium')
    .getByRole('checkbox', { name: /Formula Studio/ })
    .check()
  await expect(shown(plan(page, 'premium')).locator('s')).toHaveText('16,99 €')
  await expect(shown(plan(page, 'premium')).getByRole('link', { name: 'Abbonati' })).toHaveAttribute(
    'href',
    /^\/v2\/checkout\/prod_[A-Za-z0-9]+\/price_[A-Za-z0-9]+$/,
  )
})
