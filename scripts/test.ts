/**
 * `npm test`: the whole suite. Unit and integration tests (vitest, with a real
 * embedded Postgres), then the production build and the browser tests
 * (Playwright driving Chromium against the running portal).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pino } from 'pino'
import { chromiumExecutable } from '../tests/browser.ts'
import { ensureBuilt } from './build.ts'
import { minutes, playwrightFileTimes, slowest, vitestFileTimes, type FileTime } from './test-timings.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name: string) => path.join(root, 'node_modules', name)
const logger = pino({ level: 'info' })
const only = process.argv[2] as 'unit' | 'int' | 'e2e' | undefined

function step(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title} ===`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function ensureBrowser(): boolean {
  if (chromiumExecutable()) return true
  console.log('Chromium non trovato: provo a scaricarlo con "playwright install chromium"...')
  spawnSync(process.execPath, [bin('@playwright/test/cli.js'), 'install', 'chromium'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (chromiumExecutable()) return true
  console.error(
    [
      'Impossibile trovare un browser Chromium per i test nel browser.',
      'Installane uno in uno di questi modi, poi rilancia npm test:',
      '  - dal sistema: apt-get install chromium (oppure indica il percorso con CHROME_PATH=/percorso/chromium)',
      '  - da Playwright: npx playwright install chromium',
    ].join('\n'),
  )
  return false
}

/** Vitest's failures, reprinted at the very end so the last lines of a long run name them (kept out of test-results/, which Playwright empties when it starts). */
const vitestReport = path.join(root, 'test-reports', 'vitest.json')
/** Playwright's report (playwright.config.ts), for the files' times. */
const playwrightReport = path.join(root, 'test-reports', 'playwright.json')
const began = performance.now()

interface VitestJson {
  testResults?: {
    name: string
    message?: string
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]
  }[]
}

function vitestFailures(): string[] {
  if (!existsSync(vitestReport)) return []
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as VitestJson
  const lines: string[] = []
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name)
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (failed.length === 0 && file.message) lines.push(`${where}: ${file.message.split('\n')[0]}`)
    for (const test of failed) {
      lines.push(`${where} › ${test.fullName}: ${(test.failureMessages?.[0] ?? '').split('\n')[0]}`)
    }
  }
  return lines
}

let ok = true
let vitestFailed: string[] = []
rmSync(vitestReport, { force: true })
rmSync(playwrightReport, { force: true })
if (only !== 'unit') await ensureBuilt({ logger })
if (!only || only === 'unit' || only === 'int') {
  const projects = only ? ['--project', only] : []
  const vitestOk = step('Test unitari e di integrazione (vitest)', process.execPath, [
    bin('vitest/vitest.mjs'),
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ])
  if (!vitestOk) {
    vitestFailed = vitestFailures()
    if (vitestFailed.length === 0)
      vitestFailed = ['(vitest non ha scritto il rapporto: vedi il suo output sopra)']
  }
  ok = vitestOk && ok
}
if (!only || only === 'e2e') {
  if (!ensureBrowser()) {
    ok = false
  } else {
    const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? '.data-e2e')
    rmSync(dataDir, { recursive: true, force: true })
    ok =
      step(
        'Test nel browser (Playwright, Chromium)',
        process.execPath,
        [bin('@playwright/test/cli.js'), 'test'],
        {
          E2E_DATA_DIR: dataDir,
        },
      ) && ok
  }
}
if (vitestFailed.length > 0) {
  console.log('\nTest vitest non passati:')
  for (const line of vitestFailed) {
    console.log(`  - ${line}`)
  }
}
const printSlowest = (title: string, times: FileTime[]) => {
  if (times.length === 0) return
  const total = times.reduce((sum, time) => sum + time.seconds, 0)
  console.log(`\n${title}: ${times.length} file, ${minutes(total)}; i più lenti:`)
  for (const time of slowest(times, 10))
    console.log(`  ${time.seconds.toFixed(1).padStart(7)} s  ${time.file}`)
}
printSlowest('Vitest', vitestFileTimes(vitestReport, root))
printSlowest('Playwright', playwrightFileTimes(playwrightReport))
console.log(`\nDurata totale: ${minutes((performance.now() - began) / 1000)}`)
console.log(ok ? '\nTutti i test sono passati.' : '\nAlcuni test non sono passati.')
process.exit(ok ? 0 : 1)
