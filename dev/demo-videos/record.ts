/**
 * Records the demo videos of the product pages from the real portal: starts
 * the built portal in embedded mode on a private data folder, plays each
 * scene in Chromium driven by Playwright (signed in with the scene's demo
 * account) while the page's frames are captured, encodes them with ffmpeg to
 * a small H.264 MP4 and takes its poster image (JPEG), and writes the Italian captions
 * (WebVTT, timed to the steps) and transcript next to them in dev/demo/videos/.
 * A command you run (`npm run demo:videos`): never part of `npm start` or `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { BUNDLE_ENTRY } from '../../scripts/build-state.ts'
import { chromiumExecutable } from '../../tests/browser.ts'
import { transcript, webVtt, type TimedStep } from './captions.ts'
import { scenes, type Scene } from './scenes.ts'

const SIZE = { width: 1280, height: 720 }
const DEMO_PASSWORD = 'Demo2026!'

export type RecordOptions = { root: string; outDir: string; port: number; only?: string[] }

function need(command: string): void {
  const probe = spawnSync(command, ['-version'], { stdio: 'ignore' })
  if (probe.error || probe.status !== 0)
    throw new Error(`Serve ${command} (Debian: apt-get install ffmpeg) per registrare i video dimostrativi.`)
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}\n${result.stderr}`)
  return result.stdout
}

/**
 * The built portal (the bundle `npm start` runs; it is not rebuilt here, so the
 * videos show the build you made) on its own data folder; resolves once /readyz answers.
 */
async function startPortal(root: string, port: number, dataDir: string): Promise<ChildProcess> {
  const bundle = path.join(root, BUNDLE_ENTRY)
  if (!existsSync(bundle)) throw new Error('Manca la build del portale: esegui prima npm run build.')
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      LOG_LEVEL: 'warn',
      EMBEDDED_OIDC_PORT: String(port + 20000),
    },
  })
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Il portale si è fermato (codice ${child.exitCode}).`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  child.kill('SIGTERM')
  throw new Error('Il portale non è partito entro 5 minuti.')
}

/** A browser state with the cookie banner answered and, when asked, the demo account signed in. */
async function visitorState(browser: Browser, baseURL: string, account: string | null) {
  const context = await browser.newContext({ baseURL, locale: 'it-IT', timezoneId: 'Europe/Rome' })
  const page = await context.newPage()
  await page.goto('/')
  await page.locator('#cc-main .cm').getByRole('button', { name: 'Rifiuta i facoltativi' }).click()
  if (account) {
    const answer = await context.request.post('/api/auth/sign-in/email', {
      data: { email: account, password: DEMO_PASSWORD },
      headers: { origin: baseURL },
    })
    if (!answer.ok()) throw new Error(`Accesso non riuscito per ${account}: ${answer.status()}`)
  }
  const state = await context.storageState()
  await context.close()
  return state
}

type Frame = { file: string; at: number }

/**
 * Plays one scene while Chromium streams the page's frames (the DevTools
 * screencast: a JPEG each time the page changes, with its time). Playwright's
 * own video recording needs a browser build of ffmpeg that cannot be
 * installed here; the screencast needs none. The scene opens on its first
 * page before the recording starts, so the video begins with the page drawn.
 */
async function recordScene(browser: Browser, baseURL: string, scene: Scene, workDir: string) {
  const storageState = await visitorState(browser, baseURL, scene.account)
  const context = await browser.newContext({
    baseURL,
    storageState,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: SIZE,
  })
  const page = await context.newPage()
  await page.goto(scene.opening)
  await page.waitForLoadState('networkidle')
  const frameDir = await mkdtemp(path.join(workDir, `${scene.name}-`))
  const frames: Frame[] = []
  const writes: Promise<void>[] = []
  const cdp = await context.newCDPSession(page)
  cdp.on('Page.screencastFrame', (frame) => {
    const file = path.join(frameDir, `${String(frames.length).padStart(5, '0')}.jpg`)
    frames.push({ file, at: frame.metadata.timestamp ?? Date.now() / 1000 })
    writes.push(writeFile(file, Buffer.from(frame.data, 'base64')))
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {})
  })
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, ...maxSize })
  const started = Date.now() / 1000
  const steps: TimedStep[] = []
  let posterAt = 0
  for (const [index, step] of scene.steps.entries()) {
    steps.push({ caption: step.caption, at: Date.now() / 1000 - started })
    await step.run(page)
    if (index === scene.posterStep) posterAt = Date.now() / 1000 - started - 0.4
  }
  const ended = Date.now() / 1000 - started
  await cdp.send('Page.stopScreencast')
  await Promise.all(writes)
  await context.close()
  if (frames.length === 0) throw new Error(`Nessun fotogramma registrato per ${scene.name}.`)
  return { frames, started, steps, posterAt, ended }
}

const maxSize = { maxWidth: SIZE.width, maxHeight: SIZE.height }

/**
 * Encodes the frames, each shown until the next one (the last until the end),
 * as a 25 fps H.264 MP4 without sound, streamable (`faststart`), and takes
 * the poster JPEG at `posterAt`; returns the video's duration in seconds.
 */
function encode(
  frames: Frame[],
  started: number,
  ended: number,
  posterAt: number,
  out: string,
  list: string,
) {
  const lines: string[] = []
  for (const [index, frame] of frames.entries()) {
    // The first frame stands from the start of the recording.
    const from = index === 0 ? 0 : Math.max(0, frame.at - started)
    const to = index + 1 < frames.length ? Math.max(0, (frames[index + 1]?.at ?? 0) - started) : ended
    lines.push(`file '${frame.file}'`, `duration ${Math.max(0.04, to - from).toFixed(3)}`)
  }
  // The concat demuxer takes the last entry's duration only when the file is named once more.
  lines.push(`file '${frames.at(-1)?.file}'`)
  writeFileSync(list, `${lines.join('\n')}\n`)
  const fit = `scale=${SIZE.width}:${SIZE.height}:force_original_aspect_ratio=decrease,pad=${SIZE.width}:${SIZE.height}:(ow-iw)/2:(oh-ih)/2:white,fps=25`
  run('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-vf', fit],
    ...['-an', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-tune', 'stillimage'],
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', `${out}.mp4`],
  ])
  run('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-ss', Math.max(0, posterAt).toFixed(2), '-i', `${out}.mp4`],
    ...['-frames:v', '1', '-q:v', '5', `${out}.jpg`],
  ])
  return Number(
    run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      `${out}.mp4`,
    ]).trim(),
  )
}

export async function recordDemoVideos(
  options: RecordOptions,
): Promise<{ name: string; bytes: number; duration: number }[]> {
  need('ffmpeg')
  need('ffprobe')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'demo-videos-data-'))
  const workDir = await mkdtemp(path.join(tmpdir(), 'demo-videos-raw-'))
  await mkdir(options.outDir, { recursive: true })
  const baseURL = `http://127.0.0.1:${options.port}`
  const portal = await startPortal(options.root, options.port, dataDir)
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  })
  const made: { name: string; bytes: number; duration: number }[] = []
  try {
    for (const scene of scenes) {
      if (options.only?.length && !options.only.includes(scene.name)) continue
      const { frames, started, steps, posterAt, ended } = await recordScene(browser, baseURL, scene, workDir)
      const out = path.join(options.outDir, scene.name)
      const duration = encode(frames, started, ended, posterAt, out, path.join(workDir, `${scene.name}.txt`))
      await writeFile(`${out}.vtt`, webVtt(steps, duration))
      await writeFile(`${out}.txt`, transcript(scene.title, steps))
      made.push({ name: scene.name, bytes: (await stat(`${out}.mp4`)).size, duration })
    }
  } finally {
    await browser.close()
    portal.kill('SIGTERM')
    await new Promise((resolve) => portal.once('exit', resolve))
    await rm(workDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }
  return made
}
