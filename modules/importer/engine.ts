import { createHash } from 'node:crypto'
import { and, eq, inArray, sql } from '@payloadcms/db-postgres/drizzle'
import type { CollectionSlug, Payload } from 'payload'
import { z } from 'zod'
import { tableOf, transaction, type AnyTable, type Tx } from './database.ts'
import type { RawRecord } from './readers.ts'
import { emptyEntityReport, type EntityReport, type Rejection } from './report.ts'

/** Progress of an import, reported after each chunk of records. */
export type ImportProgress = { entity: string; done: number; total: number }
export type ProgressListener = (progress: ImportProgress) => void

/** The fields of a record as Payload stores them (relationship fields hold ids). */
export type RecordData = Record<string, unknown>

/** The stored fields, the reasons a record is refused, or `unchanged` when there is nothing to write. */
export type BuildResult = { data: RecordData } | { reasons: string[] } | { unchanged: true }

/**
 * What a batch needs from the database: the records already stored under each
 * natural key, with the fields an editor corrected by hand (`handEdited`).
 */
export type Existing = Map<string, { id: number; hash: string | null; edited?: readonly string[] }>

/** The column key of a field path (`representativeness.ugl` is stored as `representativeness_ugl`). */
export const columnOf = (field: string) => field.replace(/\./g, '_')

/** The fields an editor corrected, as stored in a record's `handEdited` column. */
export function editedFields(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * The data to write for a record with hand-corrected fields: those fields
 * keep their stored values (they are left out of the write).
 */
function withoutEdited(data: RecordData, edited: readonly string[] | undefined): RecordData {
  if (!edited || edited.length === 0) return data
  const skipped = new Set(edited.map(columnOf))
  return Object.fromEntries(Object.entries(data).filter(([column]) => !skipped.has(column)))
}

export type BatchContext = {
  payload: Payload
  tx: Tx
  dryRun: boolean
}

/** How one entity of a source is validated, resolved and written. */
export type EntityPlan<R, C> = {
  entity: string
  /** File name shown in the report. */
  file: string
  collection: CollectionSlug
  /** The collection field holding the natural key (`code`, `key`, `guid`, ...). */
  keyField: string
  /**
   * For collections with drafts: the hasMany relationship fields (stored in the
   * `_rels` table). Each write also records a published version, as Payload does,
   * keeping the collection's `maxPerDoc` newest.
   */
  versions?: Versioning
  schema: z.ZodType<R>
  keyOf: (record: R) => string
  /** Loads what `build` needs (code -> id maps) inside the batch transaction. */
  load: (context: BatchContext) => Promise<C>
  /** Resolves references and returns the stored fields, or the reasons the record is refused. */
  build: (record: R, loaded: C, context: BatchContext) => Promise<BuildResult> | BuildResult
  /** Stored records by natural key, when the key is not a single column (default: `keyField`). */
  existing?: (context: BatchContext, loaded: C) => Promise<Existing>
  /** The unique column the upsert conflicts on (default: `keyField`). */
  conflictField?: string
}

export type Versioning = { hasMany: readonly string[] }

export type RunBatchOptions = {
  payload: Payload
  /** The transaction of a dry run (each batch becomes a savepoint of it). */
  parent?: Tx
  dryRun: boolean
  records: () => AsyncIterable<RawRecord>
  total: number
  onProgress?: ProgressListener
  chunkSize?: number
  /** Told of every record stored (its fields), to index what the batch wrote once it is committed. */
  onWritten?: WrittenListener
}

/** The stored fields of records a batch wrote into `collection`. */
export type WrittenListener = (collection: CollectionSlug, records: readonly RecordData[]) => void

const zodOptions = { error: z.locales.it().localeError }

function describeIssues(error: z.ZodError): string[] {
  return error.issues
    .slice(0, 10)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
}

/** Key order independent JSON, so equal data always gives the same fingerprint. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** Fingerprint of the stored fields of a record. */
export function fingerprint(data: RecordData): string {
  return createHash('sha256').update(stableJson(data)).digest('hex')
}

/** The stored natural keys of a collection, with ids and fingerprints. */
export async function loadExisting(
  context: BatchContext,
  collection: CollectionSlug,
  keyField: string,
): Promise<Existing> {
  const table = tableOf(context.payload, collection)
  const selection: Record<string, unknown> = { id: table.id, key: table[keyField], hash: table.importHash }
  if (table.handEdited) selection.edited = table.handEdited
  const rows = (await context.tx.select(selection as AnyTable).from(table)) as {
    id: number
    key: unknown
    hash: string | null
    edited?: unknown
  }[]
  return new Map(
    rows.map((row) => [String(row.key), { id: row.id, hash: row.hash, edited: editedFields(row.edited) }]),
  )
}

function databaseMessage(error: unknown): string {
  const cause = (error as { cause?: { message?: string; detail?: string } }).cause
  const message = cause?.detail ?? cause?.message ?? (error as Error).message ?? String(error)
  const validation = (error as { data?: { errors?: { path?: string; message?: string }[] } }).data?.errors
  if (validation && validation.length > 0)
    return validation.map((item) => `${item.path ?? ''}: ${item.message ?? ''}`).join('; ')
  return message.split('\n')[0] ?? message
}

type Pending = { line: number; key: string; data: RecordData; existingId?: number }

/**
 * Imports one entity in one transaction: every record is validated and
 * resolved, bad ones are set aside with their line and reasons, the rest are
 * upserted by natural key. Unexpected failures roll the whole batch back.
 */
export async function runBatch<R, C>(
  plan: EntityPlan<R, C>,
  options: RunBatchOptions,
): Promise<EntityReport> {
  const report = emptyEntityReport(plan.entity, plan.file)
  const chunkSize = options.chunkSize ?? 250
  const reject = (rejection: Omit<Rejection, 'file'>) =>
    report.rejected.push({ file: plan.file, ...rejection })
  let done = 0
  const progress = () =>
    options.onProgress?.({ entity: plan.entity, done, total: Math.max(options.total, done) })

  try {
    await transaction(
      options.payload,
      async (tx) => {
        const context: BatchContext = { payload: options.payload, tx, dryRun: options.dryRun }
        const loaded = await plan.load(context)
        const existing = plan.existing
          ? await plan.existing(context, loaded)
          : await loadExisting(context, plan.collection, plan.keyField)
        const seen = new Map<string, number>()
        let pending: Pending[] = []

        const flush = async () => {
          if (pending.length === 0) return
          const chunk = pending
          pending = []
          await writeChunk(plan, context, chunk, report, reject, options.onWritten)
        }

        for await (const raw of options.records()) {
          report.total += 1
          done += 1
          if ('error' in raw) {
            reject({ line: raw.line, reasons: [raw.error] })
          } else {
            const parsed = plan.schema.safeParse(raw.value, zodOptions)
            if (!parsed.success) {
              reject({ line: raw.line, reasons: describeIssues(parsed.error) })
            } else {
              const record = parsed.data
              const key = plan.keyOf(record)
              const firstLine = seen.get(key)
              if (firstLine !== undefined) {
                reject({
                  line: raw.line,
                  key,
                  reasons: [`chiave ripetuta: il record è già alla riga ${firstLine}`],
                })
              } else {
                seen.set(key, raw.line)
                const built = await plan.build(record, loaded, context)
                if ('reasons' in built) {
                  reject({ line: raw.line, key, reasons: built.reasons })
                } else if ('unchanged' in built) {
                  report.unchanged += 1
                } else {
                  // The fingerprint is the source's: an editor's correction alone changes nothing to write.
                  const hash = fingerprint(built.data)
                  const stored = existing.get(key)
                  if (stored && stored.hash === hash) {
                    report.unchanged += 1
                  } else {
                    pending.push({
                      line: raw.line,
                      key,
                      data: { ...withoutEdited(built.data, stored?.edited), importHash: hash },
                      existingId: stored?.id,
                    })
                  }
                }
              }
            }
          }
          if (pending.length >= chunkSize) {
            await flush()
            progress()
          } else if (done % chunkSize === 0) progress()
        }
        await flush()
        progress()
      },
      options.parent,
    )
  } catch (error) {
    report.failure = databaseMessage(error)
    report.created = 0
    report.updated = 0
    report.unchanged = 0
  }
  report.rejected.sort((left, right) => left.line - right.line)
  return report
}

async function writeChunk<R, C>(
  plan: EntityPlan<R, C>,
  context: BatchContext,
  chunk: Pending[],
  report: EntityReport,
  reject: (rejection: Omit<Rejection, 'file'>) => void,
  onWritten?: WrittenListener,
): Promise<void> {
  const count = (item: Pending) => {
    if (item.existingId === undefined) report.created += 1
    else report.updated += 1
    onWritten?.(plan.collection, [item.data])
  }
  const conflictField = plan.conflictField ?? plan.keyField
  // Rows that leave out hand-corrected fields are written apart: one statement updates one set of columns.
  const byColumns = new Map<string, Pending[]>()
  for (const row of chunk) {
    const columns = Object.keys(row.data).sort().join(',')
    const group = byColumns.get(columns)
    if (group) group.push(row)
    else byColumns.set(columns, [row])
  }
  const write = (rows: Pending[]) =>
    context.tx.transaction(async (savepoint) => {
      const groups = rows.length === 1 ? [rows] : [...byColumns.values()]
      for (const group of groups) {
        await upsertRows(context.payload, savepoint, plan.collection, conflictField, group, plan.versions)
      }
    })
  try {
    await write(chunk)
    chunk.forEach(count)
    return
  } catch {
    // One record of the chunk breaks a constraint: retry one by one to find it.
  }
  for (const item of chunk) {
    try {
      await write([item])
      count(item)
    } catch (error) {
      reject({ line: item.line, key: item.key, reasons: [databaseMessage(error)] })
    }
  }
}

/**
 * Upserts rows by their natural key in one statement. For versioned
 * collections it also rewrites the hasMany relationships and records a
 * published version per row (the previous one stops being the latest), which
 * is what Payload's own save does.
 */
async function upsertRows(
  payload: Payload,
  tx: Tx,
  collection: CollectionSlug,
  keyField: string,
  rows: Pending[],
  versions?: Versioning,
): Promise<void> {
  const table = tableOf(payload, collection)
  const now = new Date().toISOString()
  const hasMany = new Set(versions?.hasMany ?? [])
  const values = rows.map((row) =>
    Object.fromEntries([
      ...Object.entries(row.data).filter(([field]) => !hasMany.has(field)),
      ['updatedAt', now],
    ]),
  )
  const set: Record<string, unknown> = {}
  for (const column of Object.keys(values[0] ?? {})) {
    if (column === keyField) continue
    set[column] = sql.raw(`excluded."${table[column].name as string}"`)
  }
  const upsert = tx.insert(table).values(values).onConflictDoUpdate({ target: table[keyField], set })
  if (!versions) {
    await upsert
    return
  }
  const stored = (await upsert.returning({
    id: table.id,
    key: table[keyField],
    createdAt: table.createdAt,
  })) as {
    id: number
    key: unknown
    createdAt: string
  }[]
  const byKey = new Map(stored.map((row) => [String(row.key), row]))
  const name = collection.replace(/-/g, '_')
  const rels = relsTable(payload, `${name}_rels`)
  const versionTable = relsTable(payload, `_${name}_v`)
  const versionRels = relsTable(payload, `_${name}_v_rels`)
  const relationRows = (parent: number, data: RecordData, prefix: string) =>
    [...hasMany].flatMap((field) =>
      ((data[field] as number[] | undefined) ?? []).map((id, index) => ({
        parent,
        path: `${prefix}${field}`,
        order: index + 1,
        [`${field}ID`]: id,
      })),
    )

  // Only records that existed have relationships and versions to replace.
  const updatedIds = rows.flatMap((row) => (row.existingId === undefined ? [] : [row.existingId]))
  if (updatedIds.length > 0) await tx.delete(rels).where(inArray(rels.parent, updatedIds))
  const mainRelations = rows.flatMap((row) => relationRows(byKey.get(row.key)?.id ?? 0, row.data, ''))
  if (mainRelations.length > 0) await tx.insert(rels).values(mainRelations)

  if (updatedIds.length > 0) {
    await tx
      .update(versionTable)
      .set({ latest: false })
      .where(and(inArray(versionTable.parent, updatedIds), eq(versionTable.latest, true)))
  }
  const versionRows = rows.map((row, index) => {
    const main = byKey.get(row.key)
    const version: Record<string, unknown> = {
      parent: main?.id,
      latest: true,
      createdAt: now,
      updatedAt: now,
    }
    for (const [field, value] of Object.entries(values[index] ?? {})) version[`version_${field}`] = value
    version.version_createdAt = main?.createdAt ?? now
    return version
  })
  const insertedVersions = (await tx
    .insert(versionTable)
    .values(versionRows)
    .returning({ id: versionTable.id, parent: versionTable.parent })) as { id: number; parent: number }[]
  const versionOf = new Map(insertedVersions.map((row) => [row.parent, row.id]))
  const versionRelations = rows.flatMap((row) =>
    relationRows(versionOf.get(byKey.get(row.key)?.id ?? 0) ?? 0, row.data, 'version.'),
  )
  if (versionRelations.length > 0) await tx.insert(versionRels).values(versionRelations)

  // Keep the newest versions only, like Payload's maxPerDoc.
  if (updatedIds.length > 0) {
    const maxPerDoc = payload.collections[collection]?.config.versions?.maxPerDoc || 100
    await tx.execute(sql`
      delete from ${versionTable} where id in (
        select id from (
          select id, row_number() over (partition by parent_id order by updated_at desc, id desc) as position
          from ${versionTable}
          where parent_id in ${sql.raw(`(${updatedIds.map(Number).join(',')})`)}
        ) as ranked
        where position > ${maxPerDoc}
      )`)
  }
}

function relsTable(payload: Payload, name: string): AnyTable {
  const table = payload.db.tables[name]
  if (!table) throw new Error(`Tabella ${name} non trovata: le migrazioni sono state applicate?`)
  return table
}
