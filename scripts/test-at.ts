/**
 * `npm run test:at -- <when> [unit|int|e2e]`: the suite (or one part of it) on
 * another day. Every process of the run (the tests, the portals they start,
 * their embedded Postgres) sees the clock moved by the same amount, with
 * libfaketime (Debian's `faketime` package), and the browser tests give
 * Chromium's pages a Date moved to the same moment, so a test that
 * leans on today's date fails here before it fails on that day.
 *
 * `<when>`: `+90d` (days ahead), `fine-mese` (09:00 Italian time of the last
 * day of this month), or a moment `2027-01-31T09:00` (Italian time).
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fakeTimeLibrary, targetOf } from './fake-clock.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const [when = '', part] = process.argv.slice(2)
const target = targetOf(when)
if (typeof target === 'string') {
  console.error(target)
  process.exit(2)
}
const library = fakeTimeLibrary()
if (!library) {
  console.error('libfaketime non trovata: installala con «apt-get install faketime», poi rilancia.')
  process.exit(2)
}
const offset = Math.round((target.getTime() - Date.now()) / 1000)
console.log(`Suite con l'orologio a ${target.toISOString()} (${offset >= 0 ? '+' : ''}${offset} s)`)
const result = spawnSync(process.execPath, [path.join(root, 'scripts/test.ts'), ...(part ? [part] : [])], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: library,
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`,
    // Timers and timeouts keep counting real time: only the calendar moves.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    // Chromium does not run under libfaketime (its pages stall and its processes die): it starts
    // without it (playwright.config.ts) and its pages get a Date moved as much (e2e/helpers.ts).
    E2E_BROWSER_CLOCK_OFFSET_MS: String(offset * 1000),
  },
})
process.exit(result.status ?? 1)
