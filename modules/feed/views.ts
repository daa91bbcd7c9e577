/** Views of news items, and the sectors whose news are read most. */
import type { Payload } from 'payload'
import type { Sector } from '../../cms/payload-types.ts'
import { cms, pool } from './cms.ts'
import type { SectorItem } from './schemas.ts'

/** Counts one view of a news item. */
export async function recordView(guid: string, payload?: Payload): Promise<void> {
  const db = await pool(payload)
  await db.query(
    `insert into feed_news_views (guid, views, last_viewed_at) values ($1, 1, now())
     on conflict (guid) do update set views = feed_news_views.views + 1, last_viewed_at = now()`,
    [guid],
  )
}

/** How often an item was viewed. */
export async function viewsOf(guid: string, payload?: Payload): Promise<number> {
  const db = await pool(payload)
  const found = await db.query<{ views: string }>('select views from feed_news_views where guid = $1', [guid])
  return Number(found.rows[0]?.views ?? 0)
}

/** The sectors whose news are viewed most (views of their 200 most read items), most consulted first. */
export async function mostConsultedSectors(limit: number, payload?: Payload): Promise<SectorItem[]> {
  const instance = payload ?? (await cms())
  const db = await pool(instance)
  const top = await db.query<{ guid: string; views: string }>(
    'select guid, views from feed_news_views order by views desc, last_viewed_at desc limit 200',
  )
  if (top.rows.length === 0) return []
  const views = new Map(top.rows.map((row) => [row.guid, Number(row.views)]))
  const news = await instance.find({
    collection: 'news',
    where: { and: [{ guid: { in: [...views.keys()] } }, { _status: { equals: 'published' } }] },
    pagination: false,
    limit: 200,
    depth: 1,
    select: { guid: true, sectors: true },
    populate: { sectors: { code: true, name: true } },
    overrideAccess: true,
  })
  const totals = new Map<number, { sector: Sector; views: number }>()
  for (const doc of news.docs) {
    for (const sector of doc.sectors ?? []) {
      if (typeof sector !== 'object') continue
      const entry = totals.get(sector.code) ?? { sector, views: 0 }
      entry.views += views.get(doc.guid ?? '') ?? 0
      totals.set(sector.code, entry)
    }
  }
  return [...totals.values()]
    .sort((a, b) => b.views - a.views || a.sector.name.localeCompare(b.sector.name, 'it'))
    .slice(0, limit)
    .map(({ sector }) => ({ codiceSettore: sector.code, descrizioneSettore: sector.name }))
}
