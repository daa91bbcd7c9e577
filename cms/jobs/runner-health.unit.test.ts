import { describe, expect, it } from 'vitest'
import { jobRunnerState, RUNNER_MISSED_TICKS, runnerPeriodMs } from './runner-health.ts'

describe('the runner loop of the jobs queue', () => {
  it('ticks once a minute by default and once a second with a six-field cron', () => {
    expect(runnerPeriodMs('* * * * *', new Date('2026-11-27T03:00:10Z'))).toBe(60_000)
    expect(runnerPeriodMs('* * * * * *')).toBe(1_000)
    expect(runnerPeriodMs('*/5 * * * *', new Date('2026-11-27T03:01:00Z'))).toBe(300_000)
  })

  it('is stopped before it starts and after missing its ticks, running in between', () => {
    const period = 60_000
    const now = Date.parse('2026-11-27T03:00:00Z')
    expect(jobRunnerState({ started: false, lastTick: undefined }, period, now)).toBe('stopped')
    expect(jobRunnerState({ started: true, lastTick: now - 2 * period }, period, now)).toBe('ok')
    expect(jobRunnerState({ started: true, lastTick: now - RUNNER_MISSED_TICKS * period }, period, now)).toBe(
      'ok',
    )
    expect(
      jobRunnerState({ started: true, lastTick: now - RUNNER_MISSED_TICKS * period - 1 }, period, now),
    ).toBe('stopped')
  })
})
