/**
 * The demo feed follows the calendar. The shipped data set describes the day it
 * was made; a portal started on a later day would show a Quotidiano whose newest
 * news is weeks old and no deadline this month. So at every start on a new day,
 * embedded mode writes the demo feed as it reads today (news of the twelve months
 * up to today, deadlines to the end of the next month) and imports it: the items
 * both days cover are the same records and stay as they are, the new ones are
 * added, and what the feed already held stays as its archive. The day of the last
 * refresh is kept in the data folder, so later starts that day cost nothing.
 * Production data is never touched: only embedded mode calls this.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Payload } from 'payload'
import type { Logger } from 'pino'
import { calendarDay } from '../../modules/content/index.ts'
import { importPackage } from '../../modules/importer/index.ts'
import { writeDemoFeedPackage } from '../seed/index.ts'

/** The record of the last refresh, in the data folder. */
const MARKER = 'demo-feed.json'

type Marker = { day: string }

async function lastRefresh(dataDir: string): Promise<string | undefined> {
  try {
    const marker = JSON.parse(await readFile(path.join(dataDir, MARKER), 'utf8')) as Partial<Marker>
    return typeof marker.day === 'string' ? marker.day : undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Brings the demo feed to `now`'s day (Italian calendar) unless it was already brought there. */
export async function ensureDemoFeedCurrent(options: {
  payload: Payload
  logger: Logger
  dataDir: string
  now?: Date
}): Promise<void> {
  const today = calendarDay(options.now ?? new Date())
  const done = await lastRefresh(options.dataDir)
  if (done !== undefined && done >= today) return
  const begin = performance.now()
  const dir = await mkdtemp(path.join(tmpdir(), 'bancadati-quotidiano-'))
  try {
    await writeDemoFeedPackage(dir, today)
    const report = await importPackage({ dir, payload: options.payload, trigger: 'startup' })
    if (report.error || report.totals.rejected > 0) {
      options.logger.warn(
        { error: report.error, rejected: report.totals.rejected },
        'Quotidiano dimostrativo aggiornato con errori',
      )
    }
    const marker: Marker = { day: today }
    await writeFile(path.join(options.dataDir, MARKER), JSON.stringify(marker), { mode: 0o600 })
    options.logger.info(
      {
        day: today,
        created: report.totals.created,
        seconds: Math.round((performance.now() - begin) / 100) / 10,
      },
      'Quotidiano dimostrativo aggiornato alla data di oggi',
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
