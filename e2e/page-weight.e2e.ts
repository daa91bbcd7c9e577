/**
 * Page weight: the compressed JavaScript a browser downloads for a page, as
 * transferred (brotli or gzip, as the server sends it), once the page has
 * settled (islands and lazy imports included). The landing page ships at most
 * 15 KB, the signed-in /bancadati at most 150 KB.
 */
import { expect, test } from './helpers.ts'
import { type Page } from '@playwright/test'
import { portalUrl } from '../tests/e2e-servers.ts'

const KB = 1024
const PASSWORD = 'Demo2026!'

/** Compressed bytes of every script the page loads, by address. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, number>> {
  const scripts = new Map<string, Promise<number>>()
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    scripts.set(
      request.url(),
      request.sizes().then((sizes) => sizes.responseBodySize),
    )
  })
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  await page.waitForLoadState('networkidle')
  const sizes = new Map<string, number>()
  for (const [url, size] of scripts) sizes.set(new URL(url).pathname, await size)
  return sizes
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0)
const listing = (sizes: Map<string, number>) =>
  [...sizes].map(([path, size]) => `${path} ${(size / KB).toFixed(1)} KB`).join('\n')

test('the landing page ships at most 15 KB of compressed JavaScript', async ({ page }) => {
  const sizes = await scriptsOf(page, '/')
  expect(sizes.size).toBeGreaterThan(0)
  expect(total(sizes), listing(sizes)).toBeLessThanOrEqual(15 * KB)
})

test('the signed-in /bancadati ships at most 150 KB of compressed JavaScript', async ({ page }) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: portalUrl },
    data: { email: 'professional@demo.local', password: PASSWORD },
  })
  expect(signIn.ok()).toBe(true)
  const sizes = await scriptsOf(page, '/bancadati')
  // Signed in: the top bar offers no sign-in, and the islands of a subscriber's page were loaded.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Accedi' })).toHaveCount(0)
  expect(total(sizes), listing(sizes)).toBeLessThanOrEqual(150 * KB)
})
