/**
 * The worker thread of `createEditionsComparer`: compares the editions it is
 * sent and answers with the redline (or the error's message), one at a time.
 */
import { parentPort } from 'node:worker_threads'
import { compareEditions } from './compare-editions.ts'

type Job = { id: number; olderHtml: string; newerHtml: string }

parentPort?.on('message', (job: Job) => {
  try {
    parentPort?.postMessage({ id: job.id, redline: compareEditions(job.olderHtml, job.newerHtml) })
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) })
  }
})
