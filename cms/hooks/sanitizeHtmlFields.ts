import type { CollectionBeforeChangeHook } from 'payload'
import { sanitizeHtml } from '../../modules/content/index.ts'

/** Cleans the named HTML fields with the portal's allow-list before they are stored. */
export function sanitizeHtmlFields(fields: readonly string[]): CollectionBeforeChangeHook {
  return ({ data }) => {
    for (const field of fields) {
      const value = data[field]
      if (typeof value === 'string') data[field] = sanitizeHtml(value)
    }
    return data
  }
}
