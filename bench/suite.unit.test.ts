import { describe, expect, it } from 'vitest'
import { median, medianRun, quantile, type LoadRow } from './suite.ts'

const run = (p95: number, requestsPerSecond: number): LoadRow => ({
  label: 'prova',
  connections: 16,
  seconds: 8,
  p50: p95 / 2,
  p95,
  p99: p95 * 2,
  requestsPerSecond,
  errors: 0,
})

describe('benchmark figures', () => {
  it('takes quantiles and medians of a list', () => {
    expect(quantile([5, 1, 4, 2, 3], 0.95)).toBe(5)
    expect(median([30, 10, 20])).toBe(20)
    expect(median([4, 1, 3, 2])).toBe(2)
  })

  it('reports, of several runs, the whole run with the median p95', () => {
    const picked = medianRun([run(45, 600), run(28, 950), run(33, 800)])
    expect(picked).toEqual(run(33, 800))
    expect(medianRun([run(12, 1000)])).toEqual(run(12, 1000))
    expect(() => medianRun([])).toThrow()
  })
})
