/**
 * What subscribers do in the database: favourite categories and the log of
 * dashboard views, which feeds 'recent' (per account) and 'most consulted'
 * (everyone, last 90 days).
 */
import { viewerCache } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { categoryEntries, getCategory, listCategories, type CategoryEntry } from './catalog.ts'
import { databaseCache } from './read-cache.ts'
import { findAll, pool } from './store.ts'

const MOST_CONSULTED_DAYS = 90

/**
 * An account's favourites and recent views are remembered for a few seconds
 * with its session (the viewer cache: emptied by every request that may
 * change something, and here by the changes made while reading).
 */
const favouritesKey = (userId: string) => `database-favourites:${userId}`
const recentKey = (userId: string) => `database-recent:${userId}`
/** The longest 'recent' list kept (the shorter ones are its first entries). */
const RECENT_MAX = 20

/** Whether the category is among the account's favourites. */
export async function isFavourite(userId: string, categoryCode: number): Promise<boolean> {
  return (await favouriteCodes(userId)).includes(categoryCode)
}

/** The account's favourite category codes, newest first (shared while remembered: never change the list). */
export async function favouriteCodes(userId: string): Promise<readonly number[]> {
  return viewerCache.get(favouritesKey(userId), async () => {
    const result = await (
      await pool()
    ).query<{ category_code: number }>(
      'select category_code from database_favourites where user_id = $1 order by created_at desc, category_code',
      [userId],
    )
    return result.rows.map((row) => row.category_code)
  })
}

/** The contracts of the account's favourite categories (codes), most recently added first. */
export async function favouriteContractCodes(userId: string): Promise<number[]> {
  const codes = await favouriteCodes(userId)
  if (codes.length === 0) return []
  const contractOf = new Map(
    (await listCategories({ codes })).map((category) => [category.code, category.contractCode]),
  )
  return [...new Set(codes.flatMap((code) => contractOf.get(code) ?? []))]
}

/** The accounts (ids) with a favourite category of any of these contracts. */
export async function followersOfContracts(contractCodes: readonly number[]): Promise<string[]> {
  if (contractCodes.length === 0) return []
  const categories = (
    await Promise.all([...new Set(contractCodes)].map((contractCode) => listCategories({ contractCode })))
  ).flat()
  if (categories.length === 0) return []
  const result = await (
    await pool()
  ).query<{ user_id: string }>(
    'select distinct user_id from database_favourites where category_code = any($1::int[]) order by user_id',
    [categories.map((category) => category.code)],
  )
  return result.rows.map((row) => row.user_id)
}

/**
 * Adds or removes a favourite; answers the new state. Adding needs an active access (`mayAdd`: a
 * trial in progress or a subscription), since a favourite brings the renewals of its contract to
 * the bell and the digest (403 otherwise); removing never does.
 */
export async function toggleFavourite(
  userId: string,
  categoryCode: number,
  options: { mayAdd: boolean },
): Promise<boolean> {
  await getCategory(categoryCode)
  const db = await pool()
  viewerCache.delete(favouritesKey(userId))
  const removed = await db.query(
    'delete from database_favourites where user_id = $1 and category_code = $2',
    [userId, categoryCode],
  )
  if ((removed.rowCount ?? 0) > 0) return false
  if (!options.mayAdd) throw new AppError('forbidden', it.database.favourites.needsAccess)
  await db.query(
    'insert into database_favourites (user_id, category_code) values ($1, $2) on conflict do nothing',
    [userId, categoryCode],
  )
  return true
}

/** Records one view of a category's dashboard (anonymous views count for 'most consulted'). */
export async function logView(userId: string | null, categoryCode: number): Promise<void> {
  await getCategory(categoryCode)
  await (
    await pool()
  ).query('insert into database_views (user_id, category_code) values ($1, $2)', [userId, categoryCode])
  if (userId) viewerCache.delete(recentKey(userId))
  databaseCache.delete(MOST_CONSULTED_KEY)
}

/** The account's recently viewed categories, newest first (at most 20). */
export async function recentCodes(userId: string, limit = RECENT_MAX): Promise<number[]> {
  const codes = await viewerCache.get(recentKey(userId), async () => {
    const result = await (
      await pool()
    ).query<{ category_code: number }>(
      `select category_code from database_views where user_id = $1
        group by category_code order by max(viewed_at) desc limit $2`,
      [userId, RECENT_MAX],
    )
    return result.rows.map((row) => row.category_code)
  })
  return codes.slice(0, limit)
}

/** The most viewed categories of the last 90 days. */
export async function mostConsultedCodes(limit = 8): Promise<number[]> {
  const result = await (
    await pool()
  ).query<{ category_code: number }>(
    `select category_code from database_views where viewed_at > now() - make_interval(days => $1)
      group by category_code order by count(*) desc, category_code limit $2`,
    [MOST_CONSULTED_DAYS, limit],
  )
  return result.rows.map((row) => row.category_code)
}

/**
 * The use of each contract: the views of its categories in the last 90 days
 * (contracts without views are left out). The search ranks by it.
 */
export async function contractViewCounts(): Promise<{ contractCode: number; views: number }[]> {
  const result = await (
    await pool()
  ).query<{ category_code: number; views: number }>(
    `select category_code, count(*)::int as views from database_views
      where viewed_at > now() - make_interval(days => $1) group by category_code`,
    [MOST_CONSULTED_DAYS],
  )
  if (result.rows.length === 0) return []
  const contractOf = new Map(
    (await listCategories({ codes: result.rows.map((row) => row.category_code) })).map((category) => [
      category.code,
      category.contractCode,
    ]),
  )
  const views = new Map<number, number>()
  for (const row of result.rows) {
    const contractCode = contractOf.get(row.category_code)
    if (contractCode) views.set(contractCode, (views.get(contractCode) ?? 0) + row.views)
  }
  return [...views].map(([contractCode, count]) => ({ contractCode, views: count }))
}

/** A list of categories with their dashboards' addresses and the favourite flag. */
export type CategoryList = { categorie: (CategoryEntry & { isFavorite: boolean })[]; paths: string[] }

/**
 * `favourites` are the reader's favourite codes when the caller already has
 * them (a page listing several lists reads them once); otherwise they are read here.
 */
export async function categoryList(
  codes: readonly number[],
  userId: string | null,
  favourites?: ReadonlySet<number>,
): Promise<CategoryList> {
  // The entries are everyone's (read once while the cache keeps them); only the favourite flags are the reader's.
  const [entries, flagged] = await Promise.all([
    databaseCache.get(`category-entries:${codes.join(',')}`, () => categoryEntries(codes)),
    favourites ?? (userId ? favouriteCodes(userId).then((list) => new Set(list)) : new Set<number>()),
  ])
  return {
    categorie: entries.map((entry) => ({ ...entry, isFavorite: flagged.has(entry.categoryCode) })),
    paths: entries.map(
      (entry) => `/bancadati/0/${entry.sectorCode}/${entry.contractCode}/${entry.categoryCode}`,
    ),
  }
}

/** The most consulted categories, completed with the first categories while few were viewed. */
export async function mostConsulted(
  userId: string | null,
  limit = 8,
  favourites?: ReadonlySet<number>,
): Promise<CategoryList> {
  // The same list for everyone, counted again after a view is logged (or once the read cache's time runs out).
  const codes = await databaseCache.get(MOST_CONSULTED_KEY, () => mostConsultedOrFirst(MOST_CONSULTED_MAX))
  return categoryList(codes.slice(0, limit), userId, favourites)
}

const MOST_CONSULTED_KEY = 'most-consulted'
/** The longest list asked for (the shorter ones are its first entries). */
const MOST_CONSULTED_MAX = 8

async function mostConsultedOrFirst(limit: number): Promise<number[]> {
  // Views outlive their category (one removed from the CMS keeps its rows): only the existing ones count.
  const viewed = await mostConsultedCodes(limit * 2)
  const existing =
    viewed.length === 0
      ? new Set<number>()
      : new Set(
          (
            await findAll<{ code: number }>(
              'categories',
              { code: { in: viewed } },
              { limit: viewed.length, select: { code: true } },
            )
          ).map((doc) => doc.code),
        )
  const codes = viewed.filter((code) => existing.has(code)).slice(0, limit)
  if (codes.length < limit) {
    // Few views yet: the list is completed with the first categories not already in it.
    const first = await findAll<{ code: number }>(
      'categories',
      {},
      { sort: 'code', limit: limit + codes.length, select: { code: true } },
    )
    for (const doc of first) if (codes.length < limit && !codes.includes(doc.code)) codes.push(doc.code)
  }
  return codes
}

/** Throws 403 unless `uid` is the signed-in account's own id. */
export function assertOwnAccount(uid: string, userId: string): void {
  if (uid !== userId) throw new AppError('forbidden', it.database.errors.notYourAccount)
}

/**
 * Deleting an account: its favourites are deleted; its dashboard views stay
 * as anonymous views (they count for 'most consulted', no longer for anyone's
 * 'recent'). Returns the favourites deleted.
 */
export async function eraseDatabaseActivity(userId: string): Promise<{ favourites: number }> {
  const db = await pool()
  const favourites = await db.query('delete from database_favourites where user_id = $1', [userId])
  await db.query('update database_views set user_id = null where user_id = $1', [userId])
  viewerCache.delete(favouritesKey(userId))
  viewerCache.delete(recentKey(userId))
  return { favourites: favourites.rowCount ?? 0 }
}
