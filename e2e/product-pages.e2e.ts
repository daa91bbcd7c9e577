/**
 * The product pages show what they have and nothing they lack: the add-on
 * page's 'database in figures' counts contracts, pay tables and news per month
 * from the database (and follows a publish at once); demo videos appear only
 * once an editor uploads one, and then play.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test, DEMO_PASSWORD, expectAccessible, screens } from './helpers.ts'
import { formatNumber, it } from '../modules/i18n/index.ts'

const t = it.publicSite.blocks
const MONTHS = 12

async function dismissCookies(page: Page) {
  const chosen = (await page.context().cookies()).some((cookie) => cookie.name === 'cc_cookie')
  if (!chosen)
    await page.locator('#cc-main .cm').getByRole('button', { name: 'Rifiuta i facoltativi' }).click()
  await expect(page.locator('#cc-main .cm')).toBeHidden()
}

/** An editor's session on `request` for the admin's REST API (/cms/api). */
async function editorApi(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL }
  const login = await request.post('/cms/api/users/login', {
    headers,
    data: { email: 'redazione@demo.local', password: DEMO_PASSWORD },
  })
  expect(login.ok()).toBe(true)
  const json = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(response.ok(), await response.text()).toBe(true)
    return (await response.json()) as T
  }
  return {
    headers,
    count: async (query: string) =>
      (await json<{ totalDocs: number }>(await request.get(`/cms/api/${query}&limit=1&depth=0`, { headers })))
        .totalDocs,
    get: <T>(path: string) => request.get(`/cms/api/${path}`, { headers }).then((r) => json<T>(r)),
    patch: <T>(path: string, data: unknown) =>
      request.patch(`/cms/api/${path}`, { headers, data }).then((r) => json<T>(r)),
    post: <T>(path: string, data: unknown) =>
      request.post(`/cms/api/${path}`, { headers, data }).then((r) => json<T>(r)),
    remove: (path: string) => request.delete(`/cms/api/${path}`, { headers }).then((r) => json<unknown>(r)),
    upload: <T>(path: string, file: { name: string; mimeType: string; buffer: Buffer }, alt: string) =>
      request
        .post(`/cms/api/${path}`, { headers, multipart: { file, _payload: JSON.stringify({ alt }) } })
        .then((r) => json<T>(r)),
  }
}

/** The last twelve months (`YYYY-MM`, Italian time), oldest first. */
function lastMonths(now = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' })
    .format(now)
    .split('-')
    .map(Number) as [number, number]
  return Array.from({ length: MONTHS }, (_, index) =>
    new Date(Date.UTC(year, month - 1 - (MONTHS - 1 - index), 1)).toISOString().slice(0, 7),
  )
}

test('the add-on page draws contracts, pay tables and news per month from the database, and follows a publish', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await editorApi(request, baseURL ?? '')
  const contracts = await api.count('contracts?')
  const payTables = await api.count('pay-tables?')
  const months = lastMonths()
  const newsCount = (month: string) =>
    api.count(`news?where[_status][equals]=published&where[period][equals]=${month}`)
  const perMonth = await Promise.all(months.map(newsCount))
  const newsTotal = perMonth.reduce((sum, count) => sum + count, 0)
  expect(contracts).toBeGreaterThan(0)
  expect(payTables).toBeGreaterThan(0)

  await page.goto('/prodotti/werteplus')
  await dismissCookies(page)
  const figures = page.getByRole('region', { name: 'La banca dati in cifre' })
  await expect(figures.getByTestId('cifra-contratti')).toHaveText(formatNumber(contracts))
  await expect(figures.getByTestId('cifra-tabelle')).toHaveText(formatNumber(payTables))
  await expect(figures.getByTestId('cifra-notizie')).toHaveText(formatNumber(newsTotal))
  // The chart is one named image (SVG drawn on the server), its figures in a table.
  const chart = figures.getByRole('img', { name: t.newsChartTitle(MONTHS) })
  await expect(chart).toBeVisible()
  await expect(chart.locator('path[ecmeta_series_index]')).toHaveCount(MONTHS)
  await figures.getByText(t.chartData).click()
  const rows = figures.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(MONTHS)
  expect(await rows.locator('td').allTextContents()).toEqual(perMonth.map((count) => formatNumber(count)))
  const labels = await rows.locator('th').allTextContents()
  expect(labels.at(-1)).toBe(
    new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(),
  )
  await expectAccessible(page)
  await figures.scrollIntoViewIfNeeded()
  await screens(page, 'prodotto-werteplus-cifre')
  await page.setViewportSize({ width: 375, height: 900 })
  await expect(figures.getByRole('img', { name: t.newsChartTitle(MONTHS) })).toBeVisible()
  await figures.screenshot({ path: 'test-results/screens/prodotto-werteplus-grafico-375.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await figures.screenshot({ path: 'test-results/screens/prodotto-werteplus-grafico-1280.png' })

  // A news item published in /admin is counted on the next visit: the cached page was emptied.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date())
  const { doc } = await api.post<{ doc: { id: number } }>('news', {
    title: `Rinnovo contrattuale di prova ${Date.now()}`,
    type: 'news',
    date: day,
    html: '<p>Firmato il rinnovo.</p>',
    _status: 'published',
  })
  try {
    await page.reload()
    await expect(figures.getByTestId('cifra-notizie')).toHaveText(formatNumber(newsTotal + 1))
    await figures.getByText(t.chartData).click()
    await expect(rows.last().locator('td')).toHaveText(formatNumber((perMonth.at(-1) ?? 0) + 1))
  } finally {
    await api.remove(`news/${doc.id}`)
  }
})

/** A short WebM clip recorded in the browser (a canvas through MediaRecorder), as an editor would upload. */
async function recordClip(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 180
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    for (let frame = 0; frame < 20; frame += 1) {
      context.fillStyle = frame % 2 ? '#1a56a8' : '#e4eefb'
      context.fillRect(0, 0, 320, 180)
      context.fillStyle = '#0b2547'
      context.fillText(`Werte ${frame}`, 20 + frame * 10, 90)
      await new Promise((resolve) => setTimeout(resolve, 70))
    }
    recorder.stop()
    await stopped
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  })
  return Buffer.from(base64, 'base64')
}

type Layout = { blockType: string; [field: string]: unknown }[]

test('a product page shows no video section until an editor uploads a video, then a player that plays', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await page.goto('/prodotti/werte')
  await dismissCookies(page)
  // Nothing on the page speaks of videos it does not have.
  await expect(page.getByRole('main').getByText(/video/i)).toHaveCount(0)
  await expect(page.getByRole('heading', { name: /video/i })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Guarda il video/ })).toHaveCount(0)

  const api = await editorApi(request, baseURL ?? '')
  const clip = await recordClip(page)
  const { doc: media } = await api.upload<{ doc: { id: number } }>(
    'site-media',
    { name: `werte-dati-anagrafici-${Date.now()}.webm`, mimeType: 'video/webm', buffer: clip },
    'Werte: apertura di una pratica e inserimento dei dati anagrafici',
  )
  const { docs } = await api.get<{ docs: { id: number; layout: Layout }[] }>(
    'product-pages?where[slug][equals]=werte&depth=0',
  )
  const werte = docs[0]
  if (!werte) throw new Error('La pagina /prodotti/werte non esiste')
  // The editor places the videos after the wage-table counts.
  const after = werte.layout.findIndex((block) => block.blockType === 'wageTableCounts') + 1
  const withVideos: Layout = [
    ...werte.layout.slice(0, after),
    {
      blockType: 'demoVideos',
      heading: 'Guarda Werte al lavoro',
      intro: 'Un breve video sulla prima fase del calcolo.',
      videos: [
        {
          title: '1. Dati anagrafici',
          text: 'Come si apre una pratica e si inseriscono i dati del rapporto.',
        },
        { title: '2. Inquadramento contrattuale', text: 'Ancora senza video: non compare.' },
      ],
    },
    ...werte.layout.slice(after),
  ]
  const [first] = (withVideos[after]?.videos ?? []) as Record<string, unknown>[]
  if (first) first.video = media.id
  await api.patch(`product-pages/${werte.id}`, { layout: withVideos })
  try {
    await page.reload()
    const section = page.getByRole('region', { name: 'Guarda Werte al lavoro' })
    await expect(section).toBeVisible()
    // Only the entry with a video is listed.
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['1. Dati anagrafici'])
    await expectAccessible(page)
    await section.scrollIntoViewIfNeeded()
    await section.screenshot({ path: 'test-results/screens/prodotto-werte-video-1280.png' })
    await section.getByRole('button', { name: /^Guarda il video\s*: 1\. Dati anagrafici$/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Video: 1. Dati anagrafici' })
    await expect(dialog).toBeVisible()
    const video = dialog.locator('video')
    await expect(video).toHaveAttribute('controls', '')
    expect(await video.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false)
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true
      // The outcome is read below: a failed load shows as `error`.
      element.play().catch((error: unknown) => console.error(error))
    })
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => ({
            ready: element.readyState >= 2,
            duration: element.duration > 0,
            playing: element.currentTime > 0,
            error: element.error?.code ?? null,
          })),
        { timeout: 20_000 },
      )
      .toEqual({ ready: true, duration: true, playing: true, error: null })
    await page.screenshot({ path: 'test-results/screens/prodotto-werte-video-dialogo-1280.png' })
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Closing the dialog stops the video (the closed dialog is out of the accessibility tree: found by CSS).
    const closedPlayer = page.locator('dialog[data-video-modal] video')
    expect(await closedPlayer.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true)
  } finally {
    await api.patch(`product-pages/${werte.id}`, { layout: werte.layout })
  }
  await page.reload()
  await expect(page.getByRole('main').getByText(/video/i)).toHaveCount(0)
})
