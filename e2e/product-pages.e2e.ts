/**
 * The product pages show what they have and nothing they lack: the add-on
 * page's 'database in figures' counts contracts, pay tables and news per month
 * from the database (and follows a publish at once); demo videos appear only
 * once an editor uploads one; the shipped demo videos of the real portal
 * play in the page with poster, Italian captions and transcript, fetched only
 * when played, and the portal serves them in pieces (206) for seeking.
 */
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expect, test, DEMO_PASSWORD, expectAccessible, screens } from './helpers.ts'
import { readFile } from 'node:fs/promises'
import { demoVideoDir, demoVideos } from '../dev/demo/videos.ts'
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

type Layout = { blockType: string; [field: string]: unknown }[]

/**
 * Starts a video muted (autoplay rules) on the first call and tells how it
 * goes: playing past half a second, its error, its first text track's mode,
 * whether that track has cues and shows one now.
 */
function playMuted(video: Locator) {
  return video.evaluate((element: HTMLVideoElement) => {
    if (element.paused && element.currentTime === 0) {
      element.muted = true
      // The outcome is read below: a failed load shows as `error`.
      element.play().catch((error: unknown) => console.error(error))
    }
    const track = element.textTracks[0]
    return {
      playing: element.currentTime > 0.5,
      error: element.error?.code ?? null,
      captions: track?.mode ?? null,
      cues: (track?.cues?.length ?? 0) > 0,
      shown: (track?.activeCues?.length ?? 0) > 0,
    }
  })
}

/** The shipped demo videos of a product page, in order. */
const shippedVideos = (product: string) => demoVideos.filter((video) => video.product === product)

test('the dispute program’s page plays its demo videos in the page: poster, Italian captions, transcript, nothing fetched before play', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const fetched: string[] = []
  page.on('request', (sent) => fetched.push(sent.url()))
  await page.goto('/prodotti/werte')
  await dismissCookies(page)
  const section = page.getByRole('region', { name: 'Guarda Werte al lavoro' })
  await expect(section).toBeVisible()
  const shipped = shippedVideos('werte')
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(shipped.map((video) => video.title))
  const players = section.locator('video')
  await expect(players).toHaveCount(shipped.length)
  for (const [index, video] of shipped.entries()) {
    const player = players.nth(index)
    await expect(player).toHaveAttribute('controls', '')
    await expect(player).toHaveAttribute('preload', 'none')
    await expect(player).toHaveAttribute(
      'poster',
      new RegExp(`/cms/api/site-media/file/${video.name}\\.jpg$`),
    )
    await expect(player.locator('source')).toHaveAttribute('type', 'video/mp4')
    const track = player.locator('track')
    await expect(track).toHaveAttribute('kind', 'captions')
    await expect(track).toHaveAttribute('srclang', 'it')
    await expect(track).toHaveAttribute('default', '')
    await expect(track).toHaveAttribute('src', new RegExp(`${video.name}\\.vtt$`))
    expect(await player.evaluate((element: HTMLVideoElement) => element.autoplay)).toBe(false)
  }
  // The poster is drawn (the image loaded), and no byte of any video was asked for.
  await section.scrollIntoViewIfNeeded()
  await expect
    .poll(() => fetched.filter((url) => url.endsWith('.jpg')).length)
    .toBeGreaterThanOrEqual(shipped.length)
  await page.waitForTimeout(1000)
  expect(fetched.filter((url) => url.endsWith('.mp4'))).toEqual([])
  expect(
    await players.first().evaluate((element: HTMLVideoElement) => ({
      network: element.networkState === HTMLMediaElement.NETWORK_IDLE,
      buffered: element.buffered.length,
    })),
  ).toEqual({ network: true, buffered: 0 })

  // The transcript, under the video, opens on request.
  const first = section.getByRole('listitem').first()
  const transcript = await readFile(new URL(`${shipped[0]?.name}.txt`, demoVideoDir), 'utf8')
  const summary = first.getByText('Trascrizione del video')
  await expect(summary).toBeVisible()
  await expect(first.getByText(transcript.split('\n\n')[1] ?? '')).toBeHidden()
  await summary.click()
  await expect(first.getByText(transcript.split('\n\n')[1] ?? '')).toBeVisible()
  await expectAccessible(page)
  await section.screenshot({ path: 'test-results/screens/prodotto-werte-video-1280.png' })
  await page.setViewportSize({ width: 375, height: 900 })
  await section.scrollIntoViewIfNeeded()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await section.screenshot({ path: 'test-results/screens/prodotto-werte-video-375.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  // Played: the video loads, runs and shows its Italian captions.
  const player = players.first()
  await expect
    .poll(() => playMuted(player), { timeout: 30_000 })
    .toEqual({
      playing: true,
      error: null,
      captions: 'showing',
      cues: true,
      shown: true,
    })
  expect(fetched.filter((url) => url.endsWith('.mp4'))).toHaveLength(1)
  await player.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screens/prodotto-werte-video-in-riproduzione-1280.png' })
  await player.evaluate((element: HTMLVideoElement) => element.pause())

  // The portal serves the video in pieces (seeking), and the captions as WebVTT.
  const src = (await player.locator('source').getAttribute('src')) ?? ''
  const size = (await readFile(new URL(`${shipped[0]?.name}.mp4`, demoVideoDir))).length
  const piece = await request.get(src, { headers: { range: 'bytes=1000-2023' } })
  expect(piece.status()).toBe(206)
  expect(piece.headers()['content-type']).toBe('video/mp4')
  expect(piece.headers()['accept-ranges']).toBe('bytes')
  expect(piece.headers()['content-range']).toBe(`bytes 1000-2023/${size}`)
  expect((await piece.body()).length).toBe(1024)
  const whole = await request.get(src)
  expect(whole.status()).toBe(200)
  expect((await whole.body()).length).toBe(size)
  const captions = await request.get((await player.locator('track').getAttribute('src')) ?? '')
  expect(captions.status()).toBe(200)
  expect(captions.headers()['content-type']).toBe('text/vtt; charset=utf-8')
  expect(await captions.text()).toMatch(/^WEBVTT\n/)
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
      context.fillText(`Werte Colf ${frame}`, 20 + frame * 10, 90)
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

test('a page without videos shows no video section until an editor adds a video with its poster, captions and transcript', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await page.goto('/prodotti/wertecolf')
  await dismissCookies(page)
  // Nothing on the page speaks of videos it does not have.
  await expect(page.getByRole('main').getByText(/video/i)).toHaveCount(0)
  await expect(page.locator('main video')).toHaveCount(0)

  const api = await editorApi(request, baseURL ?? '')
  const stamp = Date.now()
  const { doc: clip } = await api.upload<{ doc: { id: number } }>(
    'site-media',
    { name: `colf-assunzione-${stamp}.webm`, mimeType: 'video/webm', buffer: await recordClip(page) },
    'Werte Colf: assunzione di una lavoratrice',
  )
  const { doc: poster } = await api.upload<{ doc: { id: number } }>(
    'site-media',
    { name: `colf-assunzione-${stamp}.png`, mimeType: 'image/png', buffer: await page.screenshot() },
    'Copertina: assunzione',
  )
  // Captions that are not WebVTT are refused, in Italian, and nothing is stored.
  const refused = await request.post('/cms/api/site-media', {
    headers: { origin: baseURL ?? '' },
    multipart: {
      file: {
        name: `colf-${stamp}.vtt`,
        mimeType: 'text/vtt',
        buffer: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nCiao'),
      },
      _payload: JSON.stringify({ alt: 'Sottotitoli sbagliati' }),
    },
  })
  expect(refused.status()).toBe(400)
  expect(await refused.text()).toContain('la prima riga deve essere «WEBVTT»')
  const { doc: captions } = await api.upload<{ doc: { id: number; mimeType: string } }>(
    'site-media',
    {
      name: `colf-assunzione-${stamp}.vtt`,
      mimeType: 'text/vtt',
      buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:05.000\nSi apre la scheda della lavoratrice.\n'),
    },
    'Sottotitoli: assunzione',
  )
  expect(captions.mimeType).toBe('text/vtt')

  const { docs } = await api.get<{ docs: { id: number; layout: Layout }[] }>(
    'product-pages?where[slug][equals]=wertecolf&depth=0',
  )
  const colf = docs[0]
  if (!colf) throw new Error('La pagina /prodotti/wertecolf non esiste')
  const entry = {
    title: '1. Assunzione',
    text: 'Come si assume una lavoratrice domestica.',
    video: clip.id,
    poster: poster.id,
    captions: captions.id,
    transcript: 'Assunzione.\n\nSi apre la scheda della lavoratrice.',
  }
  const withVideos = (videos: unknown[]): Layout => [
    ...colf.layout.slice(0, 2),
    { blockType: 'demoVideos', heading: 'Guarda Werte Colf al lavoro', videos },
    ...colf.layout.slice(2),
  ]
  // A poster that is not an image is refused, the field named in Italian (the admin's form shows the
  // field's own message beside it; modules/site-content/site-content.int.test.ts checks that message).
  const wrong = await request.patch(`/cms/api/product-pages/${colf.id}`, {
    headers: { origin: baseURL ?? '' },
    data: { layout: withVideos([{ ...entry, poster: captions.id }]) },
  })
  expect(wrong.status()).toBe(400)
  expect(await wrong.text()).toContain('Il seguente campo non è valido')
  expect(await wrong.text()).toContain('Copertina (JPEG, WebP o PNG)')
  await api.patch(`product-pages/${colf.id}`, {
    layout: withVideos([entry, { title: '2. Buste paga', text: 'Ancora senza video: non compare.' }]),
  })
  try {
    await page.reload()
    const section = page.getByRole('region', { name: 'Guarda Werte Colf al lavoro' })
    await expect(section).toBeVisible()
    // Only the entry with a video is listed.
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['1. Assunzione'])
    const video = section.locator('video')
    await expect(video).toHaveAttribute('poster', new RegExp(`colf-assunzione-${stamp}\\.png$`))
    await expect(video.locator('track')).toHaveAttribute('src', new RegExp(`colf-assunzione-${stamp}\\.vtt$`))
    await section.getByText('Trascrizione del video').click()
    await expect(section.getByText('Si apre la scheda della lavoratrice.')).toBeVisible()
    await expect
      .poll(() => playMuted(video), { timeout: 20_000 })
      .toMatchObject({ playing: true, error: null, captions: 'showing', cues: true })
  } finally {
    await api.patch(`product-pages/${colf.id}`, { layout: colf.layout })
  }
  await page.reload()
  await expect(page.locator('main video')).toHaveCount(0)
})
