/**
 * The readiness of the jobs queue's runner loop and the queue's figures, on
 * the real Payload instance and database: ready while the runner loop ticks,
 * not ready naming `jobRunner` once it stops; jobs due, scheduled and failed
 * counted through Payload's API.
 */
import type { Payload } from 'payload'
import type { jobQueueFigures as JobQueueFigures } from '../../modules/cms/index.ts'
import type { cmsReadiness } from '../start.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Read by the settings module on first use: the runner loop ticks every second here.
process.env.JOBS_CRON = '* * * * * *'

let payload: Payload
let close: () => Promise<void>
let readiness: typeof cmsReadiness
let jobQueueFigures: typeof JobQueueFigures

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condizione non raggiunta in tempo')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

beforeAll(async () => {
  const start = await import('../start.ts')
  const { getLogger } = await import('../../modules/platform/index.ts')
  ;({ jobQueueFigures } = await import('../../modules/cms/index.ts'))
  readiness = start.cmsReadiness
  const cms = await start.bootstrapCms({ logger: getLogger(), runJobs: true })
  payload = cms.payload
  close = cms.close
})

afterAll(async () => {
  await close()
})

describe('the jobs runner in /readyz', () => {
  it('is ready while the runner loop ticks and names the runner once the loop stops', async () => {
    const { RUNNER_MISSED_TICKS } = await import('./runner-health.ts')
    const { runnerHeartbeat } = await import('./runner-lock.ts')
    const firstTick = runnerHeartbeat().lastTick ?? 0
    await until(async () => (runnerHeartbeat().lastTick ?? 0) > firstTick, 10_000)
    expect(await readiness(payload)).toEqual({
      ready: true,
      database: 'ok',
      migrations: 'ok',
      jobRunner: 'ok',
      down: [],
    })

    // The loop stops (its crons end, as when the runner hangs or dies): after the missed ticks, not ready.
    for (const cron of payload.crons.splice(0)) cron.stop()
    await new Promise((resolve) => setTimeout(resolve, (RUNNER_MISSED_TICKS + 1.5) * 1000))
    expect(await readiness(payload)).toEqual({
      ready: false,
      database: 'ok',
      migrations: 'ok',
      jobRunner: 'stopped',
      down: ['jobRunner'],
    })
  })
})

describe('the jobs queue figures', () => {
  it('count the jobs due, scheduled for later, running and failed', async () => {
    const before = await jobQueueFigures(payload)
    await payload.jobs.queue({ task: 'nightlyImport', input: {}, queue: 'nightly' })
    await payload.jobs.queue({
      task: 'nightlyImport',
      input: {},
      queue: 'nightly',
      waitUntil: new Date(Date.now() + 3_600_000),
    })
    const failing = await payload.jobs.queue({ task: 'nightlyImport', input: {}, queue: 'nightly' })
    await payload.update({ collection: 'payload-jobs', id: failing.id, data: { hasError: true } })
    const running = await payload.jobs.queue({ task: 'nightlyImport', input: {}, queue: 'nightly' })
    await payload.update({ collection: 'payload-jobs', id: running.id, data: { processing: true } })

    expect(await jobQueueFigures(payload)).toEqual({
      due: before.due + 1,
      scheduled: before.scheduled + 1,
      running: before.running + 1,
      failed: before.failed + 1,
    })
  })
})
