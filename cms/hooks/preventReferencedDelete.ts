import { APIError, type CollectionBeforeDeleteHook, type CollectionSlug } from 'payload'

type Reference = {
  /** Collection whose records point at this one. */
  collection: CollectionSlug
  /** The relationship field holding the pointer. */
  field: string
  /** Italian plural shown to the editor ("tabelle retributive"). */
  label: string
}

/**
 * A record others depend on cannot be deleted (the database would refuse it
 * anyway): the editor is told what still points at it.
 */
export function preventReferencedDelete(references: readonly Reference[]): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const blocking: string[] = []
    for (const reference of references) {
      const { totalDocs } = await req.payload.count({
        collection: reference.collection,
        where: { [reference.field]: { equals: id } },
        req,
        overrideAccess: true,
      })
      if (totalDocs > 0) blocking.push(`${totalDocs} ${reference.label}`)
    }
    if (blocking.length > 0) {
      throw new APIError(
        `Impossibile eliminare: collegati ${blocking.join(', ')}. Elimina o sposta prima quei record.`,
        409,
        null,
        true,
      )
    }
  }
}
