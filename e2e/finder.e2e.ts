import type { Page } from '@playwright/test'
import { adminLogin, expect, screens, test } from './helpers.ts'

/**
 * The contract finder ranks the leading contract first for the words people
 * use: its everyday names (a collection editors manage in /admin) and its
 * representativeness; results are contracts, each with its badges and the
 * categories that matched.
 */

/** Payload's REST API with the signed-in editor's cookie. */
async function cms(page: Page, method: 'GET' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const origin = new URL(page.url()).origin
  const response = await page.request.fetch(`${origin}/cms/api${path}`, {
    method,
    headers: { origin },
    ...(data === undefined ? {} : { data }),
  })
  expect(response.ok(), `${method} ${path}`).toBe(true)
  return (await response.json()) as { docs?: { id: number }[] }
}

/** Removes the everyday names `name` (a previous run's). */
async function removeAliases(page: Page, name: string) {
  const found = await cms(
    page,
    'GET',
    `/contract-aliases?where[name][equals]=${encodeURIComponent(name)}&depth=0`,
  )
  for (const doc of found.docs ?? []) await cms(page, 'DELETE', `/contract-aliases/${doc.id}`)
}

async function search(page: Page, words: string) {
  await page.goto('/bancadati/0')
  await page.getByRole('searchbox', { name: 'Cerca un contratto' }).fill(words)
  await page.getByRole('button', { name: 'Cerca' }).click()
  await expect(page.locator('#risultati')).toBeVisible()
  return page.locator('#risultati .db-result')
}

test("'commercio' shows the Confcommercio tertiary contract first, with its badge", async ({ page }) => {
  // The archive's facts of the Confcommercio contract, as the CNEL file gives them.
  await adminLogin(page, 'admin@demo.local')
  const [terziario] = (await cms(page, 'GET', '/contracts?where[cnelCode][equals]=H011&depth=0')).docs ?? []
  if (!terziario) throw new Error('contratto H011 mancante nei dati dimostrativi')
  await cms(page, 'PATCH', `/contracts/${terziario.id}`, {
    representativeness: {
      representedAtCnel: true,
      employerSideAtCnel: true,
      unionSideAtCnel: true,
      confederations: { cgilCislUil: true, confcommercio: true },
    },
  })

  const results = await search(page, 'commercio')
  const first = results.first()
  await expect(first.locator('.db-result__title')).toHaveText(
    /Terziario, distribuzione e servizi.*Confcommercio/,
  )
  await expect(first).toContainText('Codice CNEL H011')
  await expect(first.getByText('Firmatari più rappresentativi secondo il CNEL')).toBeVisible()
  await expect(
    first.getByRole('link', {
      name: 'Dipendenti da aziende del terziario, della distribuzione e dei servizi',
    }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: /contratt[oi] trovat[oi]/ })).toBeVisible()
  await screens(page, 'finder-commercio')
})

test("'colf' finds the domestic work contract by its everyday name", async ({ page }) => {
  const first = (await search(page, 'colf')).first()
  await expect(first.locator('.db-result__title')).toHaveText(/lavoro domestico/)
  await expect(first).toContainText('Codice CNEL H501')
  await first.locator('.db-result__categories a').first().click()
  await expect(page).toHaveURL(/\/bancadati\/0\/\d+\/\d+\/\d+/)
})

test('an everyday name an editor adds in /admin is found', async ({ page }) => {
  await adminLogin(page, 'redazione@demo.local')
  await removeAliases(page, 'buttafuori')
  const before = await search(page, 'buttafuori')
  await expect(before.filter({ hasText: 'Codice CNEL HV40' })).toHaveCount(0)

  await page.goto('/admin/collections/contract-aliases/create')
  await page.getByLabel('Nome comune').fill('buttafuori')
  await page.getByLabel('Codice CNEL').fill('HV40')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/contract-aliases\/\d+/)

  const first = (await search(page, 'buttafuori')).first()
  await expect(first.locator('.db-result__title')).toHaveText(/vigilanza privata/)
  await expect(first).toContainText('Codice CNEL HV40')
  // A misspelt everyday name is corrected too.
  await expect((await search(page, 'butafuori')).first()).toContainText('Codice CNEL HV40')
  await removeAliases(page, 'buttafuori')
})
