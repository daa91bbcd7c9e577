/** The shape every benchmark suite shares, so `bench/run.ts` can print and store them alike. */
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

export type SuiteResult = { measuredAt: string; rows: Row[]; notes?: string[] }

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
