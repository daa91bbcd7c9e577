/** A record the importer did not store, and why. */
export type Rejection = {
  /** File the record comes from (relative to the package). */
  file: string
  /** Line the record starts on (1-based). */
  line: number
  /** Natural key, when the record got far enough to have one. */
  key?: string
  reasons: string[]
}

/** What happened to one entity of an import. */
export type EntityReport = {
  entity: string
  file: string
  /** Records read from the file (valid or not). */
  total: number
  created: number
  updated: number
  unchanged: number
  rejected: Rejection[]
  /** Set when the whole batch was rolled back (nothing of this entity was stored). */
  failure?: string
}

export type ImportFormat = 'package' | 'cnel' | 'ateco'
export type ImportStatus = 'succeeded' | 'partial' | 'failed'

/** The outcome of an import. */
export type ImportReport = {
  format: ImportFormat
  source: string
  /** Name from the manifest (packages) or the file name. */
  name: string
  dryRun: boolean
  startedAt: string
  finishedAt: string
  entities: EntityReport[]
  totals: { created: number; updated: number; unchanged: number; rejected: number }
  status: ImportStatus
  /** Set when the import could not start (unreadable manifest or source). */
  error?: string
}

export function emptyEntityReport(entity: string, file: string): EntityReport {
  return { entity, file, total: 0, created: 0, updated: 0, unchanged: 0, rejected: [] }
}

/** Totals and status of a finished import. */
export function finishReport(report: Omit<ImportReport, 'totals' | 'status' | 'finishedAt'>): ImportReport {
  const totals = { created: 0, updated: 0, unchanged: 0, rejected: 0 }
  for (const entity of report.entities) {
    totals.created += entity.created
    totals.updated += entity.updated
    totals.unchanged += entity.unchanged
    totals.rejected += entity.rejected.length
  }
  const failed = report.error !== undefined || report.entities.some((entity) => entity.failure !== undefined)
  const status: ImportStatus = failed ? 'failed' : totals.rejected > 0 ? 'partial' : 'succeeded'
  return { ...report, totals, status, finishedAt: new Date().toISOString() }
}

const entityLabels: Record<string, string> = {
  sectors: 'Settori',
  contracts: 'Contratti',
  categories: 'Categorie',
  contractMappings: 'Raccordo contratti',
  textTypes: 'Tipi di testo',
  regions: 'Regioni',
  provinces: 'Province',
  companies: 'Aziende',
  contractTexts: 'Testi contrattuali',
  payTables: 'Tabelle retributive',
  contractTerms: 'Condizioni essenziali',
  contributionRates: 'Aliquote contributive',
  summaries: 'Sintesi',
  classifications: 'Classificazioni',
  territorialPayTables: 'Tabelle territoriali',
  news: 'Notizie',
  atecoCodes: 'Codici ATECO',
}

/** Italian name of an entity of the data format. */
export function entityLabel(entity: string): string {
  return entityLabels[entity] ?? entity
}

const statusLabels: Record<ImportStatus, string> = {
  succeeded: 'completata',
  partial: 'completata con record scartati',
  failed: 'non riuscita',
}

/** The report as text for a terminal: a table of counts, then every rejected record with file, line and reasons. */
export function formatReport(report: ImportReport, options: { maxRejections?: number } = {}): string {
  const max = options.maxRejections ?? 200
  const lines: string[] = []
  const seconds = (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000
  lines.push(
    `Importazione ${statusLabels[report.status]}: ${report.name} (${report.source})${report.dryRun ? ' — PROVA: nessuna modifica salvata' : ''}`,
  )
  if (report.error) lines.push(`Errore: ${report.error}`)
  const header = ['Entità', 'Letti', 'Creati', 'Aggiornati', 'Invariati', 'Scartati']
  const rows = report.entities.map((entity) => [
    entityLabel(entity.entity),
    String(entity.total),
    String(entity.created),
    String(entity.updated),
    String(entity.unchanged),
    String(entity.rejected.length),
  ])
  rows.push([
    'Totale',
    String(report.entities.reduce((sum, entity) => sum + entity.total, 0)),
    String(report.totals.created),
    String(report.totals.updated),
    String(report.totals.unchanged),
    String(report.totals.rejected),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const render = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  lines.push('', render(header), ...rows.map(render))

  const failures = report.entities.filter((entity) => entity.failure)
  if (failures.length > 0) {
    lines.push('', 'Lotti annullati (nessun record salvato):')
    for (const entity of failures)
      lines.push(`  ${entityLabel(entity.entity)} (${entity.file}): ${entity.failure}`)
  }
  const rejections = report.entities.flatMap((entity) => entity.rejected)
  if (rejections.length > 0) {
    lines.push('', 'Record scartati:')
    for (const rejection of rejections.slice(0, max)) {
      const key = rejection.key ? ` [${rejection.key}]` : ''
      lines.push(`  ${rejection.file}:${rejection.line}${key}: ${rejection.reasons.join('; ')}`)
    }
    if (rejections.length > max) lines.push(`  ... e altri ${rejections.length - max}`)
  }
  lines.push('', `Durata: ${seconds.toFixed(1)} s`)
  return lines.join('\n')
}
