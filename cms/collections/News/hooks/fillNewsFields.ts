import { randomUUID } from 'node:crypto'
import type { CollectionBeforeValidateHook } from 'payload'
import { newsPeriod, slugify } from '../../../../modules/content/index.ts'

/**
 * Fills what an editor does not type: the guid, the publication date (today),
 * the slug from the title (made unique within the month) and the year-month
 * the slug is unique in.
 */
export const fillNewsFields: CollectionBeforeValidateHook = async ({ data, originalDoc, req }) => {
  if (!data) return data
  const record = { ...(originalDoc as Record<string, unknown> | undefined), ...data }
  if (!record.guid) data.guid = randomUUID()
  if (!record.date) data.date = new Date().toISOString()
  const date = (data.date ?? record.date) as string | Date
  data.period = newsPeriod(date)

  const typedSlug = typeof record.slug === 'string' ? slugify(record.slug) : ''
  if (typedSlug) {
    data.slug = typedSlug
    return data
  }
  const base = slugify(String(record.title ?? '')) || 'notizia'
  let candidate = base
  for (let attempt = 2; attempt < 100; attempt += 1) {
    const clash = await req.payload.find({
      collection: 'news',
      where: {
        and: [
          { period: { equals: data.period } },
          { slug: { equals: candidate } },
          ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : []),
        ],
      },
      limit: 1,
      depth: 0,
      draft: true,
      req,
      overrideAccess: true,
    })
    if (clash.docs.length === 0) break
    candidate = `${base}-${attempt}`
  }
  data.slug = candidate
  return data
}
