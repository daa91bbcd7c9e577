/**
 * Whether the runner loop of the jobs queue is alive: each autoRun cron tick
 * is a heartbeat (`runnerTick` in runner-lock.ts); the loop counts as stopped
 * when it never started in this process or has missed RUNNER_MISSED_TICKS
 * ticks of JOBS_CRON (Payload skips a cron's tick while its previous run is
 * still going, so a long job on one queue is covered by the other queue's ticks).
 */
import { Cron } from 'croner'

/** Missed ticks of the runner loop after which it counts as stopped. */
export const RUNNER_MISSED_TICKS = 5

/** The time between two ticks of the runner loop (a cron expression such as JOBS_CRON), in milliseconds. */
export function runnerPeriodMs(cron: string, from = new Date()): number {
  const [first, second] = new Cron(cron, { sloppyRanges: true }).nextRuns(2, from)
  return first && second ? second.getTime() - first.getTime() : 60_000
}

/** The runner loop's state at `now`: `stopped` when it never started or missed RUNNER_MISSED_TICKS ticks. */
export function jobRunnerState(
  heartbeat: { started: boolean; lastTick: number | undefined },
  periodMs: number,
  now = Date.now(),
): 'ok' | 'stopped' {
  if (!heartbeat.started || heartbeat.lastTick === undefined) return 'stopped'
  return now - heartbeat.lastTick > RUNNER_MISSED_TICKS * periodMs ? 'stopped' : 'ok'
}
