/**
 * The worker thread that renders a long list's arrears PDF (modules/platform's
 * worker runner protocol: `{ id, input }` in, `{ id, output }` or
 * `{ id, error }` out), so pdfmake's layout of hundreds of pages never holds
 * up the server.
 */
import { parentPort } from 'node:worker_threads'
import type { ArrearsList } from './arrears-list.ts'
import { renderListPdf } from './arrears-list-export.ts'

type Job = { id: number; input: { list: ArrearsList; today: string } }

parentPort?.on('message', async ({ id, input }: Job) => {
  try {
    parentPort?.postMessage({ id, output: await renderListPdf(input.list, new Date(input.today)) })
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
