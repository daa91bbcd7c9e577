import { describe, expect, it } from 'vitest'
import { median, medianRun, pairedRatio, quantile, row, type LoadRow } from './suite.ts'

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

  it('compares two scenarios round by round and reports the median ratio', () => {
    const engine = [run(10, 100), run(40, 50), run(12, 90)]
    const peer = [run(5, 200), run(10, 100), run(2, 300)]
    // Round ratios of p95: 2, 4, 6; a slow round of both does not decide the figure.
    expect(pairedRatio(engine, peer, (load) => load.p95)).toBe(4)
    expect(() => pairedRatio(engine, peer.slice(1), (load) => load.p95)).toThrow()
  })
})

describe('row', () => {
  it('keeps two decimals, or two significant digits below 1, and checks the target on the shown value', () => {
    expect(row('a', 40.678, 'ms', { comparison: '<', value: 40 })).toMatchObject({ value: 40.68, met: false })
    expect(row('b', 0.00087654, 'x', { comparison: '<', value: 3 })).toMatchObject({
      value: 0.00088,
      met: true,
    })
    expect(row('c', 0.774, 'x', { comparison: '>=', value: 0.5 })).toMatchObject({ value: 0.77, met: true })
    expect(row('d', 0, 'x').value).toBe(0)
  })
})
