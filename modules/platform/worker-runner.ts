/**
 * Work off the event loop: a runner that sends each input to one worker
 * thread and resolves with its answer (the worker module answers each
 * message `{ id, input }` with `{ id, output }` or `{ id, error }`),
 * so a long computation never holds up the server's other requests. The
 * worker starts on first use and does not keep the process alive; inputs
 * wait their turn, and past `maxQueued` waiting ones a new one is refused
 * (`WorkerBusyError`) instead of piling up.
 */
import { Worker } from 'node:worker_threads'

/** Thrown when more inputs are waiting for the worker than it takes. */
export class WorkerBusyError extends Error {}

export type WorkerRunner<I, O> = {
  /** The worker's answer to `input` (its error's message when it fails). */
  run: (input: I) => Promise<O>
  /** Stops the worker (the next input starts a new one). */
  close: () => Promise<void>
}

type Pending<O> = { resolve: (output: O) => void; reject: (error: Error) => void }
type Answer<O> = { id: number; output?: O; error?: string }

/** A runner of the worker module at `url`, with at most `maxQueued` inputs waiting. */
export function createWorkerRunner<I, O>(url: URL, options: { maxQueued: number }): WorkerRunner<I, O> {
  const pending = new Map<number, Pending<O>>()
  let worker: Worker | null = null
  let nextId = 1

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
    worker = null
  }
  const started = (): Worker => {
    if (worker) return worker
    const thread = new Worker(url)
    thread.unref()
    thread.on('message', (answer: Answer<O>) => {
      const job = pending.get(answer.id)
      if (!job) return
      pending.delete(answer.id)
      if (answer.error === undefined) job.resolve(answer.output as O)
      else job.reject(new Error(answer.error))
    })
    thread.on('error', failAll)
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`worker terminated (${code})`))
    })
    worker = thread
    return thread
  }

  return {
    run(input) {
      if (pending.size >= options.maxQueued)
        return Promise.reject(new WorkerBusyError('too many inputs waiting'))
      const id = nextId++
      return new Promise<O>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        started().postMessage({ id, input })
      })
    },
    async close() {
      const thread = worker
      failAll(new Error('worker closed'))
      if (thread) await thread.terminate()
    },
  }
}
