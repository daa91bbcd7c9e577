/**
 * Records the demo videos of the product pages from the real portal: starts
 * the built portal in embedded mode on a private data folder, plays each
 * scene in Chromium with Playwright's video recording (signed in with the
 * scene's demo account), encodes the recording with ffmpeg to a small H.264
 * MP4 and takes its poster image (JPEG), and writes the Italian captions
 * (WebVTT, timed to the steps) and transcript next to them in dev/demo/videos/.
 * A command you run (`npm run demo:videos`): never part of `npm start` or `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
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

/** The portal as `npm start` runs it, on its own data folder; resolves once /readyz answers. */
async function startPortal(root: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
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

/** Plays one scene with the recording on; returns the raw WebM, where the first step began and the steps' times. */
async function recordScene(browser: Browser, baseURL: string, scene: Scene, workDir: string) {
  const storageState = await visitorState(browser, baseURL, scene.account)
  const context = await browser.newContext({
    baseURL,
    storageState,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: SIZE,
    recordVideo: { dir: workDir, size: SIZE },
  })
  const page = await context.newPage()
  const started = Date.now()
  // A blank page until the first step's page is drawn: the video is cut from there.
  const steps: TimedStep[] = []
  let posterAt = 0
  for (const [index, step] of scene.steps.entries()) {
    steps.push({ caption: step.caption, at: (Date.now() - started) / 1000 })
    await step.run(page)
    if (index === scene.posterStep) posterAt = (Date.now() - started) / 1000 - 0.4
  }
  const ended = (Date.now() - started) / 1000
  const video = page.video()
  await context.close()
  if (!video) throw new Error('Nessun video registrato.')
  return { raw: await video.path(), steps, posterAt, ended }
}

/** Encodes the raw recording from `from` seconds: H.264 MP4 (no sound, streamable) and the poster JPEG. */
function encode(raw: string, from: number, to: number, posterAt: number, out: string) {
  run('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-ss', from.toFixed(2), '-to', to.toFixed(2), '-i', raw],
    ...['-an', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-tune', 'stillimage'],
    ...['-pix_fmt', 'yuv420p', '-r', '25', '-movflags', '+faststart', `${out}.mp4`],
  ])
  run('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-ss', Math.max(0, posterAt - from).toFixed(2), '-i', `${out}.mp4`],
    ...['-frames:v', '1', '-q:v', '6', `${out}.jpg`],
  ])
  const duration = Number(
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
  return duration
}

/** The page of the first step is loaded this long after the recording starts (seconds): cut away. */
const LEAD_IN = 0.8

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
      const { raw, steps, posterAt, ended } = await recordScene(browser, baseURL, scene, workDir)
      const from = LEAD_IN
      const out = path.join(options.outDir, scene.name)
      const duration = encode(raw, from, ended, posterAt, out)
      const shifted = steps.map((step, index) => ({
        caption: step.caption,
        at: index === 0 ? 0 : Math.max(0, step.at - from),
      }))
      await writeFile(`${out}.vtt`, webVtt(shifted, duration))
      await writeFile(`${out}.txt`, transcript(scene.title, shifted))
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
