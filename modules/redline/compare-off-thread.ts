/**
 * Redlines of large editions off the event loop: a comparer that runs
 * `compareEditions` in a worker thread when the two editions together are
 * larger than `offThreadChars`, so one long diff never holds up the server's
 * other requests. One worker, started on first use and not keeping the
 * process alive; comparisons wait their turn, and past `maxQueued` waiting
 * ones a new one is refused (`ComparerBusyError`) instead of piling up.
 */
import { Worker } from 'node:worker_threads'
import { assertComparable, compareEditions, type EditionsRedline } from './compare-editions.ts'

/** Both editions together (characters of HTML) from which the diff runs in the worker. */
export const OFF_THREAD_CHARS = 200_000
/** The most comparisons waiting for the worker. */
export const MAX_QUEUED_COMPARISONS = 16

/** Thrown when more comparisons are waiting for the worker than it takes. */
export class ComparerBusyError extends Error {}

export type EditionsComparer = {
  /** The redline of two editions (on the caller's thread when they are small). */
  compare: (olderHtml: string, newerHtml: string) => Promise<EditionsRedline>
  /** Stops the worker (the next large comparison starts a new one). */
  close: () => Promise<void>
}

type Pending = { resolve: (redline: EditionsRedline) => void; reject: (error: Error) => void }
type Answer = { id: number; redline?: EditionsRedline; error?: string }

export function createEditionsComparer(
  options: { offThreadChars?: number; maxQueued?: number } = {},
): EditionsComparer {
  const offThreadChars = options.offThreadChars ?? OFF_THREAD_CHARS
  const maxQueued = options.maxQueued ?? MAX_QUEUED_COMPARISONS
  const pending = new Map<number, Pending>()
  let worker: Worker | null = null
  let nextId = 1

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
    worker = null
  }
  const started = (): Worker => {
    if (worker) return worker
    const thread = new Worker(new URL('./compare-worker.ts', import.meta.url))
    thread.unref()
    thread.on('message', (answer: Answer) => {
      const job = pending.get(answer.id)
      if (!job) return
      pending.delete(answer.id)
      if (answer.redline) job.resolve(answer.redline)
      else job.reject(new Error(answer.error ?? 'confronto non riuscito'))
    })
    thread.on('error', failAll)
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`worker del confronto terminato (${code})`))
    })
    worker = thread
    return thread
  }

  return {
    async compare(olderHtml, newerHtml) {
      assertComparable(olderHtml, newerHtml)
      if (olderHtml.length + newerHtml.length < offThreadChars) return compareEditions(olderHtml, newerHtml)
      if (pending.size >= maxQueued) throw new ComparerBusyError('too many comparisons waiting')
      const id = nextId++
      return new Promise<EditionsRedline>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        started().postMessage({ id, olderHtml, newerHtml })
      })
    },
    async close() {
      const thread = worker
      worker = null
      failAll(new Error('confronto interrotto'))
      if (thread) await thread.terminate()
    },
  }
}
