import type { CollectionBeforeChangeHook } from 'payload'

type Derivation = (record: Record<string, unknown>) => Record<string, unknown>

/**
 * Computes derived fields (natural keys, labels) from the merged record, so
 * editors never type them and they cannot drift from their parts.
 */
export function setDerivedFields(derive: Derivation): CollectionBeforeChangeHook {
  return ({ data, originalDoc }) => {
    const merged = { ...(originalDoc as Record<string, unknown> | undefined), ...data }
    return { ...data, ...derive(merged) }
  }
}
