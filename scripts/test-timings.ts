/** How long each test file took, from the reports vitest and Playwright write (printed at the end of `npm test`). */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type FileTime = { file: string; seconds: number }

type VitestReport = { testResults?: { name: string; startTime?: number; endTime?: number }[] }

type PlaywrightSuite = {
  file?: string
  suites?: PlaywrightSuite[]
  specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[]
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined
}

/** Each vitest file's time, from its start to its end. */
export function vitestFileTimes(file: string, root: string): FileTime[] {
  const report = readJson<VitestReport>(file)
  return (report?.testResults ?? []).map((result) => ({
    file: path.relative(root, result.name),
    seconds: ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
  }))
}

/** Each Playwright file's time: the sum of its tests' runs, retries included. */
export function playwrightFileTimes(file: string): FileTime[] {
  const report = readJson<{ suites?: PlaywrightSuite[] }>(file)
  const totals = new Map<string, number>()
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const name = path.join('e2e', spec.file ?? suite.file ?? '?')
      const ms = (spec.tests ?? [])
        .flatMap((test) => test.results ?? [])
        .reduce((sum, run) => sum + (run.duration ?? 0), 0)
      totals.set(name, (totals.get(name) ?? 0) + ms)
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report?.suites ?? []) visit(suite)
  return [...totals].map(([name, ms]) => ({ file: name, seconds: ms / 1000 }))
}

/** The `count` slowest files, slowest first. */
export function slowest(times: FileTime[], count: number): FileTime[] {
  return [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count)
}

/** "12 min 05 s". */
export function minutes(seconds: number): string {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`
}
