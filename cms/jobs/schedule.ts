/**
 * The jobs' schedules and who runs them. Payload reads a schedule's cron in
 * the server's own time zone; the portal's nightly jobs are meant in Italian
 * time, so `romeSchedule` queues each run for the cron's next time in
 * Europe/Rome (03:30 stays 03:30 across the changes to and from summer time,
 * whatever the machine's zone). `oneInstance` lets one instance of the portal
 * schedule and run the queue at a time (see `runsJobs`).
 */
import { Cron } from 'croner'
import type { TaskConfig, TaskType } from 'payload'
import { runsJobs } from './runner-lock.ts'

type ScheduleConfig = NonNullable<TaskConfig['schedule']>[number]

/** The time zone of every schedule. */
export const SCHEDULE_TIME_ZONE = 'Europe/Rome'

/** The next time of `cron` in Rome time after `after`. */
export function nextRunInRome(cron: string, after = new Date()): Date | undefined {
  return new Cron(cron, { timezone: SCHEDULE_TIME_ZONE, sloppyRanges: true }).nextRun(after) ?? undefined
}

/**
 * A schedule of `cron` in Rome time on `queue`. `skip` declines a run (nothing
 * to do); otherwise a run is queued, as Payload does, when none is waiting.
 */
export function romeSchedule(cron: string, queue: string, skip?: () => boolean): ScheduleConfig {
  return {
    cron,
    queue,
    hooks: {
      beforeSchedule: async (args) => {
        if (skip?.()) return { shouldSchedule: false, input: {} }
        const decision = await args.defaultBeforeSchedule(args)
        return { ...decision, waitUntil: nextRunInRome(cron) }
      },
    },
  }
}

/** `task` with its schedules queued only by the instance that runs the jobs queue. */
export function oneInstance<T extends TaskConfig<TaskType>>(task: T): T {
  if (!task.schedule) return task
  return {
    ...task,
    schedule: task.schedule.map((schedule) => ({
      ...schedule,
      hooks: {
        ...schedule.hooks,
        beforeSchedule: async (args) => {
          if (!(await runsJobs())) return { shouldSchedule: false, input: {} }
          const own = schedule.hooks?.beforeSchedule
          return own ? own(args) : args.defaultBeforeSchedule(args)
        },
      },
    })),
  }
}
