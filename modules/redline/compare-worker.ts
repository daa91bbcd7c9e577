/**
 * The worker thread of `createEditionsComparer` (modules/platform's worker
 * runner protocol: `{ id, input }` in, `{ id, output }` or `{ id, error }`
 * out). It imports only the comparison, so it starts fast.
 */
import { parentPort } from 'node:worker_threads'
import { compareEditions } from './compare-editions.ts'

type Job = { id: number; input: { olderHtml: string; newerHtml: string } }

parentPort?.on('message', ({ id, input }: Job) => {
  try {
    parentPort?.postMessage({ id, output: compareEditions(input.olderHtml, input.newerHtml) })
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
