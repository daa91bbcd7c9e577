/**
 * The demo installation of embedded mode: CMS accounts, subscriber personas,
 * the shipped data set, the site's product and legal pages, the personas'
 * subscriptions and Studio link. Every step is idempotent.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { readFile } from 'node:fs/promises'
import { countAtecoCodes, parseIstatAteco } from '../../modules/ateco/index.ts'
import { hasContent, importAteco, importPackage } from '../../modules/importer/index.ts'
import { getSearch, reindexAll } from '../../modules/search/index.ts'
import { ensureDemoCmsAccounts } from './cms-accounts.ts'
import { ensureDemoFeedCurrent } from './feed.ts'
import { ensureDemoPersonas } from './personas.ts'
import { ensureDemoSiteContent } from './site-content.ts'
import { ensureDemoStudioLinks } from './studio-links.ts'
import { ensureDemoSubscriptions } from './subscriptions.ts'

export {
  DEMO_ADMIN_EMAIL,
  DEMO_CMS_PASSWORD,
  DEMO_EDITOR_EMAIL,
  ensureDemoCmsAccounts,
} from './cms-accounts.ts'
export { DEMO_PERSONA_PASSWORD, demoPersonas, ensureDemoPersonas, type DemoPersona } from './personas.ts'
export { ensureDemoSiteContent } from './site-content.ts'
export { demoSeller } from './seller.ts'
export { DEMO_STUDIO_LINKED, DEMO_STUDIO_OWNER, ensureDemoStudioLinks } from './studio-links.ts'
export { demoSubscriptions, ensureDemoSubscriptions } from './subscriptions.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Before the services start: the CMS accounts, the personas (password Demo2026!), the data set,
 * its feed brought to today (`dataDir` keeps the day of the last refresh) and the site's pages.
 */
export async function ensureDemoContent(
  payload: Payload,
  logger: Logger,
  options: { dataDir: string },
): Promise<void> {
  await ensureDemoCmsAccounts(payload, logger)
  await ensureDemoPersonas({ logger })
  if (!(await hasContent(payload))) await loadDemoData(payload, logger)
  else await ensureAliases(payload, logger)
  await ensureDemoFeedCurrent({ payload, logger, dataDir: options.dataDir })
  await ensureAtecoList(payload, logger)
  // Demo product and legal pages (only where none exist yet).
  const created = await ensureDemoSiteContent(payload)
  if (created.productPages + created.legalPages > 0)
    logger.info(created, 'Pagine dimostrative del sito create')
}

/** Once billing runs: the personas' subscriptions and the Studio's linked account. */
export async function ensureDemoAccounts(options: { pool: Pool; logger: Logger }): Promise<void> {
  await ensureDemoSubscriptions(options)
  await ensureDemoStudioLinks(options)
}

const atecoFile = path.join(root, 'data/istat/ateco-2025.csv')

/**
 * The shipped ISTAT list of ATECO 2025 codes ('Che contratto applico?'):
 * imported on a fresh installation, and again when the installation holds
 * fewer codes than the shipped list (one made with the earlier short list),
 * which adds the missing codes and updates the changed titles.
 */
export async function ensureAtecoList(payload: Payload, logger: Logger): Promise<void> {
  const shipped = parseIstatAteco(await readFile(atecoFile, 'utf8')).filter((row) => 'record' in row).length
  const stored = await countAtecoCodes(payload)
  if (stored >= shipped) return
  const begin = performance.now()
  const report = await importAteco({ file: atecoFile, payload, trigger: 'startup' })
  const seconds = Math.round((performance.now() - begin) / 100) / 10
  if (report.error || report.totals.rejected > 0)
    logger.warn({ error: report.error, rejected: report.totals.rejected }, 'Elenco ATECO caricato con errori')
  else
    logger.info(
      { created: report.totals.created, updated: report.totals.updated, seconds },
      'Elenco ATECO caricato',
    )
}

/** Loads the shipped demo data set into an empty installation (the import indexes it for search). */
async function loadDemoData(payload: Payload, logger: Logger) {
  const begin = performance.now()
  logger.info('Carico i dati dimostrativi (solo al primo avvio)')
  // The everyday names first (by CNEL code): the contracts are indexed with them.
  await importAliases(payload, logger)
  const report = await importPackage({ dir: path.join(root, 'data/demo'), payload, trigger: 'startup' })
  if (report.error || report.totals.rejected > 0) {
    logger.warn(
      { error: report.error, rejected: report.totals.rejected },
      'Dati dimostrativi caricati con errori',
    )
  }
  logger.info({ seconds: Math.round((performance.now() - begin) / 100) / 10 }, 'Dati dimostrativi pronti')
}

/** The shipped everyday names of the contracts (data/aliases), matched by CNEL code. */
async function importAliases(payload: Payload, logger: Logger) {
  const report = await importPackage({ dir: path.join(root, 'data/aliases'), payload, trigger: 'startup' })
  if (report.error || report.totals.rejected > 0)
    logger.warn({ error: report.error, rejected: report.totals.rejected }, 'Nomi comuni caricati con errori')
}

/** An installation made before the everyday names existed gets the shipped ones (once: while it has none). */
async function ensureAliases(payload: Payload, logger: Logger) {
  const { totalDocs } = await payload.count({ collection: 'contract-aliases', overrideAccess: true })
  if (totalDocs > 0) return
  await importAliases(payload, logger)
  await reindexAll(payload, await getSearch(payload))
  logger.info('Nomi comuni dei contratti caricati')
}
