import { type Page } from '@playwright/test'
import { expect, test, adminLogin } from './helpers.ts'

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
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'it')
  expect(outside).toEqual([])
})

test('the demo administrator signs in to the admin', async ({ page, baseURL }) => {
  const outside = watchOutsideRequests(page, baseURL!)
  await adminLogin(page, 'admin@demo.local')
  await expect(page.getByRole('link', { name: /Utenti redazione/ }).first()).toBeVisible()
  expect(outside).toEqual([])
})

/** Words of Payload's English interface that have no place in an Italian admin. */
const ENGLISH =
  /\b(Add|Edit|Remove|Delete|Drag|Create|Creating|Save|Search|Filters?|Columns|Cancel|Upload|Select|Close|Move|Published|Draft|Preview|Collapse|Expand|Untitled|Loading|Log ?out|Logout|Login|Dashboard|successfully)\b/

/** Everything a person reads or hears on the page: its text and the names, titles and hints of its controls. */
async function wordsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...document.body.innerText.split('\n'),
    ...[...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ])
}

async function expectItalian(page: Page, screen: string) {
  const english = (await wordsOn(page)).filter((line) => ENGLISH.test(line))
  expect(english, screen).toEqual([])
}

test("an editor's main screens are in Italian, with sentences that agree with each collection's label", async ({
  page,
}) => {
  await adminLogin(page, 'redazione@demo.local')
  await expect(
    page.getByRole('heading', { name: 'Bacheca' }).or(page.getByText('Bacheca')).first(),
  ).toBeVisible()
  await expectItalian(page, 'bacheca')

  await page.goto('/admin/collections/news')
  await expect(page.getByRole('heading', { name: 'Notizie' })).toBeVisible()
  await expectItalian(page, 'elenco delle notizie')

  await page.goto('/admin/collections/news/create')
  await expect(page.getByText('Nuovo documento: Notizia')).toBeVisible()
  await page.getByLabel('Titolo').fill(`Minimi retributivi aggiornati ${Date.now()}`)
  await page.locator('#field-type').click()
  await page.getByRole('option', { name: 'Notizia' }).click()
  const body = page.locator('.rich-text-lexical [contenteditable="true"]').first()
  await body.click()
  await body.pressSequentially('Le nuove tabelle sono online. ')
  // The block handles appear beside the paragraph under the pointer.
  await body.locator('p').first().hover()
  await expect(page.getByRole('button', { name: 'Trascina per spostare' })).toBeAttached()
  await expect(page.getByRole('button', { name: 'Aggiungi blocco' })).toBeAttached()
  await expectItalian(page, 'nuova notizia')

  await page.getByRole('button', { name: 'Salva bozza' }).click()
  await expect(page.getByText('Creazione riuscita: Notizia.')).toBeVisible()
  await expectItalian(page, 'notizia salvata')

  await page.goto('/admin/collections/pay-tables')
  await expect(page.getByRole('heading', { name: 'Tabelle retributive' })).toBeVisible()
  await expectItalian(page, 'elenco delle tabelle retributive')

  await page.goto('/admin/account')
  await expect(
    page
      .getByRole('button', { name: 'Esci' })
      .or(page.getByRole('link', { name: 'Esci' }))
      .first(),
  ).toBeAttached()
  await expectItalian(page, 'account')
})

test('the API reference page is served with its own assets', async ({ page, baseURL }) => {
  const outside = watchOutsideRequests(page, baseURL!)
  await page.goto('/api/docs')
  await expect(page.getByText('API Banca Dati CCNL').first()).toBeVisible()
  expect(outside).toEqual([])
})
