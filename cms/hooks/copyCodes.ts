import type { CollectionBeforeChangeHook, CollectionSlug } from 'payload'

type Copy = {
  /** The relationship field of this collection. */
  relation: string
  /** The collection it points at. */
  collection: CollectionSlug
  /** Field of this collection -> field of the related record. */
  fields: Record<string, string>
}

const idOf = (value: unknown): number | string | undefined => {
  if (typeof value === 'number' || typeof value === 'string') return value
  if (value && typeof value === 'object' && 'id' in value) return (value as { id: number | string }).id
  return undefined
}

/**
 * Keeps the denormalised codes (a category's `contractCode`, ...) equal to
 * those of the related records, so pages can query by code without a join.
 */
export function copyCodes(copies: readonly Copy[]): CollectionBeforeChangeHook {
  return async ({ data, originalDoc, req }) => {
    for (const copy of copies) {
      const id = idOf(
        data[copy.relation] ?? (originalDoc as Record<string, unknown> | undefined)?.[copy.relation],
      )
      if (id === undefined) {
        for (const target of Object.keys(copy.fields)) data[target] = null
        continue
      }
      const related = (await req.payload.findByID({
        collection: copy.collection,
        id,
        depth: 0,
        req,
        overrideAccess: true,
        disableErrors: true,
      })) as Record<string, unknown> | null
      if (!related) continue
      for (const [target, source] of Object.entries(copy.fields)) data[target] = related[source] ?? null
    }
    return data
  }
}
