import type { CollectionBeforeChangeHook } from 'payload'
import { isImport } from './context.ts'

/**
 * An editor's change forgets the fingerprint of the imported record, so the
 * next import re-applies the source data (the package stays the reference).
 */
export const clearImportHash: CollectionBeforeChangeHook = ({ data, context }) => {
  if (!isImport(context)) data.importHash = null
  return data
}
