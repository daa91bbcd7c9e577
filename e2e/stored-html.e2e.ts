/**
 * HTML stored by editors or by the importer never runs script on the site:
 * news carrying `<script>`, `onerror=` and `javascript:` payloads are saved
 * through the admin's API (as an editor) and imported with the import
 * command, then their pages are opened in Chromium, anonymously (the cut
 * preview) and as a trial subscriber (the full article). No dialog opens, no
 * payload runs, and none of the hostile markup reaches the page.
 */
import { spawnSync } from 'node:child_process'
import { expect, test, loginFormReady } from './helpers.ts'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { type Page } from '@playwright/test'

const PAYLOAD = [
  '<p>Testo della notizia.</p>',
  '<script>window.__xss = "script"; alert("script")</script>',
  '<img src="x" onerror="window.__xss = \'onerror\'; alert(\'onerror\')">',
  '<svg><script>window.__xss = "svg"</script></svg>',
  '<a href="javascript:window.__xss = \'link\'">apri</a>',
  '<iframe src="javascript:parent.__xss = \'iframe\'"></iframe>',
  '<p onclick="window.__xss = \'click\'" style="background:url(javascript:alert(1))">Clicca</p>',
].join('\n')

type StoredNews = { slug: string; date: string; title: string }

/** Opens a news page and checks that nothing of the payload ran or survived in the markup. */
async function expectInert(page: Page, news: StoredNews) {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const [year, month] = news.date.split('-')
  const response = await page.goto(`/bancadati/quotidiano/notizia/${year}/${month}/${news.slug}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: news.title })).toBeVisible()
  const body = page.locator('.article__body').first()
  // An anonymous visitor reads the start of the first paragraph (at most 40 % of the words), a subscriber all of it.
  await expect(body).toContainText('Testo della')
  // Whatever survived is clicked too: an event handler or a javascript: link would run now.
  const clickable = body.getByText('Clicca')
  if ((await clickable.count()) > 0) await clickable.first().click()
  await page.waitForTimeout(300)
  expect(dialogs).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined()
  const hostile = await body.evaluate((element) => ({
    scripts: element.querySelectorAll('script, iframe, object, embed').length,
    handlers: [...element.querySelectorAll('*')].filter((node) =>
      [...node.attributes].some((attribute) => attribute.name.startsWith('on')),
    ).length,
    javascriptUrls: [...element.querySelectorAll('[href], [src]')].filter((node) =>
      /^\s*javascript:/i.test(node.getAttribute('href') ?? node.getAttribute('src') ?? ''),
    ).length,
  }))
  expect(hostile).toEqual({ scripts: 0, handlers: 0, javascriptUrls: 0 })
}

async function signInAsTrial(page: Page) {
  await page.goto('/accedi')
  await loginFormReady(page)
  await page.getByLabel('Email').filter({ visible: true }).fill('prova@demo.local')
  await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill('Demo2026!')
  await page.getByRole('button', { name: 'ACCEDI' }).click()
  await expect(page).toHaveURL(/\/bancadati/)
}

test('HTML saved by an editor through the admin never runs on the site', async ({ page, baseURL }) => {
  const login = await page.request.post('/cms/api/users/login', {
    headers: { origin: baseURL ?? '' },
    data: { email: 'redazione@demo.local', password: 'Demo2026!' },
  })
  expect(login.ok()).toBe(true)
  const title = `Notizia con codice ostile ${Date.now()}`
  const date = new Date().toISOString().slice(0, 10)
  const created = await page.request.post('/cms/api/news', {
    headers: { origin: baseURL ?? '' },
    data: { title, type: 'news', date, html: PAYLOAD, _status: 'published' },
  })
  expect(created.status()).toBe(201)
  const { doc } = (await created.json()) as { doc: { slug: string; html: string } }
  expect(doc.html).not.toMatch(/<script|onerror|onclick|javascript:/i)
  await page.request.post('/cms/api/users/logout', { headers: { origin: baseURL ?? '' } })

  await expectInert(page, { slug: doc.slug, date, title })
  await signInAsTrial(page)
  await expectInert(page, { slug: doc.slug, date, title })
})

test('HTML brought in by the importer never runs on the site', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bancadati-import-xss-'))
  const slug = `notizia-importata-ostile-${Date.now()}`
  const date = new Date().toISOString().slice(0, 10)
  const title = `Notizia importata con codice ostile ${Date.now()}`
  try {
    writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({
        format: 'bancadati-ccnl/1',
        name: 'Prova di sicurezza',
        createdAt: new Date().toISOString(),
        files: { news: 'news.jsonl' },
      }),
    )
    writeFileSync(
      path.join(dir, 'news.jsonl'),
      `${JSON.stringify({ guid: randomUUID(), slug, title, date, type: 'news', html: PAYLOAD, sectorCodes: [], contractCodes: [] })}\n`,
    )
    // The import command on the portal's own data (its running embedded Postgres is reused).
    const port = new URL(test.info().project.use.baseURL ?? '').port
    const result = spawnSync(process.execPath, ['scripts/import.ts', dir], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PORT: port,
        DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
        LOG_LEVEL: 'warn',
      },
    })
    expect(result.status, result.stdout + result.stderr).toBe(0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  await expectInert(page, { slug, date, title })
  await signInAsTrial(page)
  await expectInert(page, { slug, date, title })
})
