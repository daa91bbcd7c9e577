import { expect, test } from './helpers.ts'
import { type Page } from '@playwright/test'

/** Horizontal overflow of the page in CSS pixels (0 when nothing sticks out). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test.describe('landing page on a desktop screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('shows the top bar, the entry points, the products and the footer', async ({ page }) => {
    const errors = collectErrors(page)
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle(/Banca Dati CCNL/)

    const topBar = page.getByRole('banner')
    const mainNav = topBar.getByRole('navigation', { name: 'Navigazione principale' })
    await expect(mainNav.getByRole('link', { name: 'Banca Dati', exact: true })).toHaveAttribute(
      'href',
      '/bancadati',
    )
    await expect(mainNav.getByRole('link', { name: 'Quotidiano' })).toHaveAttribute(
      'href',
      '/bancadati/quotidiano',
    )
    await expect(mainNav.getByRole('link', { name: 'CCNL', exact: true })).toHaveAttribute(
      'href',
      '/bancadati/ccnl',
    )
    await expect(topBar.getByRole('link', { name: 'Banca Dati CCNL, pagina iniziale' })).toHaveAttribute(
      'href',
      '/',
    )
    await expect(topBar.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/accedi')
    await expect(topBar.getByRole('link', { name: 'Prova gratis' })).toHaveAttribute('href', '/registrati')
    await expect(topBar.getByRole('link', { name: 'Abbonati' })).toHaveAttribute('href', '/acquista')
    // Anonymous visitors have no bell and no user menu.
    await expect(topBar.getByRole('button', { name: 'Notifiche' })).toHaveCount(0)
    await expect(topBar.getByRole('button', { name: 'Apri il menu' })).toBeHidden()

    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Entra nella Banca Dati' })).toHaveAttribute(
      'href',
      '/bancadati',
    )
    await expect(main.getByRole('link', { name: 'Scopri gli abbonamenti' })).toHaveAttribute(
      'href',
      '/acquista',
    )
    for (const product of ['werte', 'wertecolf', 'werteplus']) {
      await expect(main.locator(`a[href="/prodotti/${product}"]`)).toHaveCount(1)
    }
    await expect(main.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
    await expect(main.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy')

    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('© 2021 Banca Dati CCNL S.r.l.')
    await expect(footer).toContainText('P.IVA')
    for (const href of [
      '/termini-e-condizioni',
      '/privacy-policy',
      '/cookie-policy',
      '/centroassistenza/faq',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
    }

    expect(await horizontalOverflow(page)).toBe(0)
    expect(errors).toEqual([])
  })

  test('the 7-day trial link explains what the trial includes on hover and on focus', async ({ page }) => {
    await page.goto('/')
    const trial = page.getByRole('link', { name: 'Prova gratis per 7 giorni' })
    await expect(trial).toHaveAttribute('href', '/registrati')
    const note = page.getByRole('tooltip')
    await expect(note).toBeHidden()
    await trial.hover()
    await expect(note).toBeVisible()
    await expect(note).toContainText('La prova gratuita include')
    for (const item of ['CCNL in vigore', 'tabelle retributive in vigore', 'quotidiano']) {
      await expect(note.getByRole('listitem').filter({ hasText: item })).toHaveCount(1)
    }
    await page.mouse.move(0, 700)
    await expect(note).toBeHidden()
    await trial.focus()
    await expect(note).toBeVisible()
    await expect(trial).toHaveAccessibleDescription(/La prova gratuita include/)
  })

  test('the App e Prodotti menu opens with the keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/')
    const trigger = page.getByRole('banner').locator('summary', { hasText: 'App e Prodotti' })
    const werte = page.getByRole('banner').locator('a[href="/prodotti/werte"]')
    await expect(werte).toBeHidden()
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(werte).toBeVisible()
    await expect(page.getByRole('banner').locator('a[href="/prodotti/wertecolf"]')).toBeVisible()
    await expect(page.getByRole('banner').locator('a[href="/prodotti/werteplus"]')).toBeVisible()
    await expect(page.getByRole('banner').locator('a[href="/prodotti"]')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(werte).toBeHidden()
    await expect(trigger).toBeFocused()
    // A click elsewhere also closes it.
    await trigger.click()
    await expect(werte).toBeVisible()
    await page.getByRole('main').getByRole('heading', { level: 1 }).click()
    await expect(werte).toBeHidden()
  })

  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await page.goto('/')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Vai al contenuto' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#contenuto')).toBeFocused()
  })
})

test.describe('landing page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true })

  test('collapses the top bar into a menu button and fits the screen', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/')
    const topBar = page.getByRole('banner')
    await expect(topBar.getByRole('navigation', { name: 'Navigazione principale' })).toBeHidden()
    await expect(topBar.getByRole('button', { name: 'Apri il menu' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Entra nella Banca Dati' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('© 2021')
    expect(await horizontalOverflow(page)).toBe(0)
    expect(errors).toEqual([])
  })

  test('the menu button opens the drawer with every destination, Escape closes it', async ({ page }) => {
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Apri il menu' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const expected: [string, string][] = [
      ['Banca Dati', '/bancadati'],
      ['Quotidiano', '/bancadati/quotidiano'],
      ['CCNL', '/bancadati/ccnl'],
      ['Preferiti', '/accedi?returnUrl=%2Fbancadati%2Fpreferiti'],
      ['Tutti i prodotti', '/prodotti'],
      ['Accedi', '/accedi'],
      ['Assistenza', '/centroassistenza/faq'],
      ['Prova gratis', '/registrati'],
      ['Abbonati', '/acquista'],
    ]
    for (const [name, href] of expected) {
      await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    for (const product of ['werte', 'wertecolf', 'werteplus']) {
      await expect(drawer.locator(`a[href="/prodotti/${product}"]`)).toBeVisible()
    }
    // Signed-out visitors are not offered a way to sign out.
    await expect(drawer.getByRole('button', { name: 'Esci' })).toHaveCount(0)
    expect(await horizontalOverflow(page)).toBe(0)

    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(button).toBeFocused()

    await button.click()
    await expect(drawer).toBeVisible()
    await drawer.getByRole('button', { name: 'Chiudi il menu' }).click()
    await expect(drawer).toBeHidden()
  })
})

test.describe('not-found page', () => {
  test('an unknown address answers 404 with the message and a way back', async ({ page }) => {
    const response = await page.goto('/questa/pagina/non-esiste')
    expect(response?.status()).toBe(404)
    await expect(
      page.getByRole('heading', { level: 1, name: 'La pagina che hai cercato non esiste!' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Torna indietro' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('© 2021')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  test('Torna indietro returns to the page the visitor came from', async ({ page, baseURL }) => {
    // The link's own target is the home page: coming back to a different address proves history was used.
    await page.goto('/?origine=notizia')
    await page.goto('/pagina-inesistente', { referer: `${baseURL}/?origine=notizia` })
    await page.getByRole('link', { name: 'Torna indietro' }).click()
    await expect(page).toHaveURL(`${baseURL}/?origine=notizia`)
    await expect(page.getByRole('link', { name: 'Entra nella Banca Dati' })).toBeVisible()
  })

  test('Torna indietro leads home when there is no page to go back to', async ({ page, baseURL }) => {
    await page.goto('/pagina-inesistente')
    await page.getByRole('link', { name: 'Torna indietro' }).click()
    await expect(page).toHaveURL(`${baseURL}/`)
  })
})
