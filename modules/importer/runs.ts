import path from 'node:path'
import type { Payload } from 'payload'
import { getLogger } from '../platform/index.ts'
import type { ImportFormat, ImportReport } from './report.ts'
import { invalidateReadCache } from '../ccnl/index.ts'
import { invalidateFeedCache } from '../feed/index.ts'
import { invalidatePages } from '../site-content/index.ts'

export type RunTrigger = 'cli' | 'job' | 'startup'

type RunMeta = { format: ImportFormat; source: string; dryRun: boolean; trigger: RunTrigger }

const MAX_STORED_REJECTIONS = 1000
/** No import lasts this long: a run still "in corso" after it was interrupted. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000

const timeFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
})

function runTitle(meta: RunMeta, startedAt: Date): string {
  const what =
    meta.format === 'cnel'
      ? 'Archivio CNEL'
      : meta.format === 'ateco'
        ? 'Elenco ATECO ISTAT'
        : `Pacchetto ${path.basename(meta.source)}`
  return `${what} — ${timeFormat.format(startedAt)}${meta.dryRun ? ' (prova)' : ''}`
}

/**
 * Runs an import and keeps its log in the import-runs collection: a record
 * "in corso" when it starts, then the outcome, counts and rejected records.
 */
export async function recordRun(
  payload: Payload,
  meta: RunMeta,
  work: () => Promise<ImportReport>,
): Promise<ImportReport> {
  const startedAt = new Date()
  // A run whose process died (crash, kill) never wrote its outcome: close it.
  await payload.update({
    collection: 'import-runs',
    where: {
      and: [
        { status: { equals: 'running' } },
        { startedAt: { less_than: new Date(startedAt.getTime() - STALE_AFTER_MS).toISOString() } },
      ],
    },
    data: { status: 'failed', message: 'Importazione interrotta prima della fine (processo terminato).' },
    overrideAccess: true,
    depth: 0,
  })
  const run = await payload.create({
    collection: 'import-runs',
    data: {
      title: runTitle(meta, startedAt),
      status: 'running',
      trigger: meta.trigger,
      format: meta.format,
      dryRun: meta.dryRun,
      source: meta.source,
      startedAt: startedAt.toISOString(),
    },
    overrideAccess: true,
    depth: 0,
  })
  try {
    const report = await work()
    // The bulk writes skip the collections' hooks: the read caches are emptied here.
    invalidateReadCache()
    invalidateFeedCache()
    invalidatePages()
    const rejections = report.entities.flatMap((entity) => entity.rejected)
    await payload.update({
      collection: 'import-runs',
      id: run.id,
      data: {
        status: report.status,
        finishedAt: report.finishedAt,
        durationMs: Date.parse(report.finishedAt) - startedAt.getTime(),
        created: report.totals.created,
        updated: report.totals.updated,
        unchanged: report.totals.unchanged,
        rejected: report.totals.rejected,
        entities: report.entities.map(({ rejected, ...counts }) => ({
          ...counts,
          rejected: rejected.length,
        })),
        errors: rejections.slice(0, MAX_STORED_REJECTIONS),
        message:
          report.error ??
          (report.entities
            .filter((entity) => entity.failure)
            .map((entity) => `${entity.entity}: ${entity.failure}`)
            .join('\n') ||
            null),
      },
      overrideAccess: true,
      depth: 0,
    })
    return report
  } catch (error) {
    getLogger().error({ err: error, source: meta.source }, 'Importazione interrotta da un errore')
    await payload.update({
      collection: 'import-runs',
      id: run.id,
      data: {
        status: 'failed',
        finishedAt: new Date().toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        message: (error as Error).message,
      },
      overrideAccess: true,
      depth: 0,
    })
    throw error
  }
}
