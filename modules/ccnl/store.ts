/**
 * Reads of the content collections through Payload's local API (depth 0,
 * trusted server reads). Every reader answers plain records of the content
 * model; access decisions are made by the callers (see access.ts).
 */
import type { CollectionSlug, Payload, Where } from 'payload'
import type { Pool } from 'pg'
import {
  calendarDay,
  payLevelsSchema,
  topicSchema,
  treeSchema,
  type PayLevel,
  type Topic,
  type TreeNode,
} from '../content/index.ts'

export async function cms(): Promise<Payload> {
  // Imported on demand: the CMS configuration imports modules that import this one.
  const { getCms } = await import('../cms/index.ts')
  return getCms()
}

/** The Postgres pool of the CMS (favourites and views live beside the content). */
export async function pool(): Promise<Pool> {
  const { poolOf } = await import('../cms/index.ts')
  return poolOf(await cms())
}

type Doc = Record<string, unknown>

/** Every record of a collection matching `where`, in `sort` order. */
export async function findAll<T = Doc>(
  collection: CollectionSlug,
  where: Where,
  options: { sort?: string; select?: Record<string, true>; limit?: number } = {},
): Promise<T[]> {
  const payload = await cms()
  const result = await payload.find({
    collection,
    where,
    depth: 0,
    // No page count: it costs a scan of the matching rows and nobody reads it.
    pagination: false,
    limit: options.limit ?? 0,
    sort: options.sort,
    ...(options.select ? { select: options.select } : {}),
    overrideAccess: true,
  })
  return result.docs as unknown as T[]
}

export async function findOne<T = Doc>(collection: CollectionSlug, where: Where): Promise<T | null> {
  const [doc] = await findAll<T>(collection, where, { limit: 1 })
  return doc ?? null
}

const safeParse = <T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  value: unknown,
  fallback: T,
): T => {
  const parsed = schema.safeParse(typeof value === 'string' ? JSON.parse(value) : value)
  return parsed.success && parsed.data !== undefined ? parsed.data : fallback
}

export const treeOf = (value: unknown): TreeNode[] => safeParse<TreeNode[]>(treeSchema, value ?? [], [])
export const topicsOf = (value: unknown): Topic[] => safeParse<Topic[]>(topicSchema.array(), value ?? [], [])
export const levelsOf = (value: unknown): PayLevel[] =>
  safeParse<PayLevel[]>(payLevelsSchema, value ?? [], [])

/** `gg-mm-aaaa` of a stored date (the API's spelling of a decorrenza). */
export function apiDate(stored: string): string {
  const [year, month, day] = calendarDay(stored).split('-')
  return `${day}-${month}-${year}`
}

/** `YYYY-MM-DD` of an API date `gg-mm-aaaa` (also accepts `YYYY-MM-DD`), or null. */
export function isoDay(value: string): string | null {
  const italian = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value)
  const iso = italian ? `${italian[3]}-${italian[2]}-${italian[1]}` : value
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  const date = new Date(`${iso}T12:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso
}
