/**
 * Redlines of large editions off the event loop: a comparer that runs
 * `compareEditions` in a worker thread (modules/platform's worker runner)
 * when the two editions together are larger than `offThreadChars`, so one
 * long diff never holds up the server's other requests. Past `maxQueued`
 * waiting comparisons a new one is refused (`WorkerBusyError`).
 */
import { createWorkerRunner } from '../platform/index.ts'
import { assertComparable, compareEditions, type EditionsRedline } from './compare-editions.ts'

/** Both editions together (characters of HTML) from which the diff runs in the worker. */
export const OFF_THREAD_CHARS = 200_000
/** The most comparisons waiting for the worker. */
export const MAX_QUEUED_COMPARISONS = 16

export type EditionsComparer = {
  /** The redline of two editions (on the caller's thread when they are small). */
  compare: (olderHtml: string, newerHtml: string) => Promise<EditionsRedline>
  /** Stops the worker (the next large comparison starts a new one). */
  close: () => Promise<void>
}

export function createEditionsComparer(
  options: { offThreadChars?: number; maxQueued?: number } = {},
): EditionsComparer {
  const offThreadChars = options.offThreadChars ?? OFF_THREAD_CHARS
  const runner = createWorkerRunner<{ olderHtml: string; newerHtml: string }, EditionsRedline>(
    new URL('./compare-worker.ts', import.meta.url),
    { maxQueued: options.maxQueued ?? MAX_QUEUED_COMPARISONS },
  )
  return {
    async compare(olderHtml, newerHtml) {
      assertComparable(olderHtml, newerHtml)
      if (olderHtml.length + newerHtml.length < offThreadChars) return compareEditions(olderHtml, newerHtml)
      return runner.run({ olderHtml, newerHtml })
    },
    close: runner.close,
  }
}
