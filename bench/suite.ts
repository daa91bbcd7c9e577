/** The shape every benchmark suite shares, so `bench/run.ts` can print and store them alike. */
import { createServer } from 'node:net'
import type { Logger } from 'pino'

export type Target = { comparison: '<' | '>='; value: number }

export type Row = {
  label: string
  value: number
  unit: string
  target?: Target
  /** Whether `value` meets `target` (always true without a target). */
  met: boolean
}

/** One load scenario: latencies in ms over a fixed duration, at a fixed number of connections. */
export type LoadRow = {
  label: string
  connections: number
  seconds: number
  p50: number
  p95: number
  p99: number
  requestsPerSecond: number
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number
}

export type SuiteResult = { measuredAt: string; rows: Row[]; loads?: LoadRow[]; notes?: string[] }

export type BenchSuite = {
  title: string
  run(context: { logger: Logger }): Promise<SuiteResult>
}

/** A row, with `met` computed from its target. */
export function row(label: string, value: number, unit: string, target?: Target): Row {
  const rounded = Math.round(value * 100) / 100
  const met =
    target === undefined || (target.comparison === '<' ? rounded < target.value : rounded >= target.value)
  return { label, value: rounded, unit, target, met }
}

/** The value at quantile `q` (0..1) of a list of numbers. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[index] as number
}

/** A free TCP port on loopback, for a portal started by a benchmark. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Resolves once `url` answers 2xx; throws after `deadline` (a Date.now() value). */
export async function waitFor(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // Not listening yet: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${url} non ha risposto in tempo`)
}
