import { expect, test, type Page } from '@playwright/test'

/** Records every request leaving the portal's own origin. */
function watchOutsideRequests(page: Page, baseURL: string): string[] {
  const outside: string[] = []
  const origin = new URL(baseURL).origin
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith('data:') || url.startsWith('blob:')) return
    if (new URL(url).origin !== origin) outside.push(url)
  })
  return outside
}

test('the admin login page is in Italian and loads nothing from outside hosts', async ({ page, baseURL }) => {
  const outside = watchOutsideRequests(page, baseURL!)
  await page.goto('/admin/login')
  await expect(page.getByLabel('Email')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'it')
  expect(outside).toEqual([])
})

test('the demo administrator signs in to the admin', async ({ page, baseURL }) => {
  const outside = watchOutsideRequests(page, baseURL!)
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill('admin@demo.local')
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo2026!')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/admin\/?$/)
  await expect(page.getByRole('link', { name: /Utenti redazione/ }).first()).toBeVisible()
  expect(outside).toEqual([])
})

test('the API reference page is served with its own assets', async ({ page, baseURL }) => {
  const outside = watchOutsideRequests(page, baseURL!)
  await page.goto('/api/docs')
  await expect(page.getByText('API Banca Dati CCNL').first()).toBeVisible()
  expect(outside).toEqual([])
})
