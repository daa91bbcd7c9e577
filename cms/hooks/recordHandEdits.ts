import type { CollectionBeforeChangeHook } from 'payload'
import { isImport } from './context.ts'

/** The virtual checkbox that hands every corrected field back to the import. */
export const RESTORE_IMPORTED_FIELD = 'restoreImported'

/** Fields that are not the record's content: never an editor's correction. */
const bookkeeping = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'importHash',
  'handEdited',
  'label',
  '_status',
  RESTORE_IMPORTED_FIELD,
])

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)

/** The leaves of a record as dotted paths (`representativeness.confederations.ugl`). */
function leaves(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, item]) => {
    const path = `${prefix}${key}`
    // A group's fields are leaves of their own; a related record (it has an id) is one value.
    if (isPlainObject(item) && !('id' in item)) return leaves(item, `${path}.`)
    return [[path, item] as [string, unknown]]
  })
}

function valueAt(record: unknown, path: string): unknown {
  let current = record
  for (const key of path.split('.')) {
    if (!isPlainObject(current)) return undefined
    current = current[key]
  }
  return current
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** A value as an editor sees it: blank is null, dates are instants, related records are their ids. */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null) return null
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'string') {
    const text = value.replace(/\r\n/g, '\n').trim()
    if (text === '') return null
    if (isoDateTime.test(text) && !Number.isNaN(Date.parse(text))) return Date.parse(text)
    return text
  }
  if (isPlainObject(value) && 'id' in value) return value.id
  if (Array.isArray(value)) return JSON.stringify(value.map(comparable))
  if (isPlainObject(value)) return JSON.stringify(value)
  return value
}

const differs = (left: unknown, right: unknown) => comparable(left) !== comparable(right)

/**
 * For imported collections whose facts editors correct: records in
 * `handEdited` the correctable fields an editor changed (compared with the
 * stored record), so the next import keeps them. A change of those fields
 * alone keeps the import fingerprint (the source did not change, so the next
 * import has nothing to write); a change of any other field forgets it, as
 * `clearImportHash` does. Ticking 'Ripristina i dati importati' empties the
 * list and forgets the fingerprint: the next import writes the source's values.
 * The importer writes through its own SQL, so this hook never runs for it.
 */
export function recordHandEdits(correctable: readonly string[]): CollectionBeforeChangeHook {
  const tracked = new Set(correctable)
  return ({ data, originalDoc, operation, context }) => {
    if (isImport(context)) return data
    const restore = data[RESTORE_IMPORTED_FIELD] === true
    delete data[RESTORE_IMPORTED_FIELD]
    if (operation !== 'update' || !originalDoc) {
      data.importHash = null
      return data
    }
    const before = Array.isArray(originalDoc.handEdited) ? (originalDoc.handEdited as string[]) : []
    const edited = new Set(restore ? [] : before)
    let otherChanged = restore
    for (const [path, value] of leaves(data)) {
      const root = path.split('.')[0] ?? path
      if (bookkeeping.has(root)) continue
      const field = tracked.has(path) ? path : tracked.has(root) ? root : null
      if (!differs(value, valueAt(originalDoc, field ?? path))) continue
      if (field) edited.add(field)
      else otherChanged = true
    }
    data.handEdited = correctable.filter((field) => edited.has(field))
    if (otherChanged) data.importHash = null
    return data
  }
}
