import type { RequestContext } from 'payload'

/** Set on the request context by the importer, so hooks can tell an import from an editor's change. */
export const IMPORT_CONTEXT_FLAG = 'importing'

/** True when the write comes from the import pipeline. */
export function isImport(context: RequestContext | undefined): boolean {
  return Boolean(context?.[IMPORT_CONTEXT_FLAG])
}
