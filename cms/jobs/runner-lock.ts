/**
 * One instance of the portal schedules and runs the jobs queue at a time: the
 * one holding the Postgres advisory lock `bancadati:jobs` on a connection of
 * its own. Payload's scheduler counts the waiting runs of a task and then
 * queues one, and its runner finds due jobs and then marks them as running,
 * each in two statements: two instances ticking in the same second would
 * queue a scheduled run twice, or run one job twice. When the holder stops or
 * loses its connection, the lock is free and another instance takes it at its
 * next tick.
 */
import pg from 'pg'
import { getEnv, getLogger } from '../../modules/platform/index.ts'

const LOCK_NAME = 'bancadati:jobs'

let holder: pg.Client | undefined
let trying: Promise<boolean> | undefined

async function tryLock(): Promise<boolean> {
  const client = new pg.Client({ connectionString: getEnv().databaseUrl })
  const lost = () => {
    if (holder === client) holder = undefined
  }
  client.on('error', (error) => {
    getLogger().warn(
      { err: error },
      'Connessione del lucchetto dei job persa: un’altra istanza può eseguirli',
    )
    lost()
  })
  client.on('end', lost)
  await client.connect()
  const { rows } = await client.query<{ held: boolean }>(
    'select pg_try_advisory_lock(hashtext($1)) as held',
    [LOCK_NAME],
  )
  if (rows[0]?.held) {
    holder = client
    return true
  }
  await client.end()
  return false
}

/** True when this instance runs the jobs queue: it holds the lock, or takes it now that no instance does. */
export async function runsJobs(): Promise<boolean> {
  if (holder) return true
  trying ??= tryLock()
    .catch((error: unknown) => {
      getLogger().warn({ err: error }, 'Lucchetto dei job non verificato: salto questo giro')
      return false
    })
    .finally(() => {
      trying = undefined
    })
  return trying
}

/** When the runner loop of this process last ticked (ms since the epoch); undefined before it started. */
let lastTick: number | undefined

/**
 * The runner loop's tick (Payload's `shouldAutoRun`, called by each autoRun cron once
 * it has queued the due schedules): records the heartbeat, then whether this instance runs the queue.
 */
export function runnerTick(): Promise<boolean> {
  lastTick = Date.now()
  return runsJobs()
}

/** Marks the runner loop as started now (its crons are set up; the first tick comes within one period). */
export function runnerStarted(): void {
  lastTick = Date.now()
}

/** The runner loop's heartbeat: whether it started in this process, and when it last ticked. */
export function runnerHeartbeat(): { started: boolean; lastTick: number | undefined } {
  return { started: lastTick !== undefined, lastTick }
}

/** Lets the lock go (the server stops): another instance takes over the queue. */
export async function releaseJobs(): Promise<void> {
  const client = holder
  holder = undefined
  await client?.end()
}
