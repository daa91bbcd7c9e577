import type { Validate } from 'payload'
import { z } from 'zod'

/** A Payload field validator backed by a zod schema; the first issues become the message. */
export function zodValidate(schema: z.ZodType, options: { required?: boolean } = {}): Validate {
  return (value) => {
    if (value === null || value === undefined || value === '') {
      return options.required ? 'Campo obbligatorio.' : true
    }
    const parsed = schema.safeParse(value, { error: z.locales.it().localeError })
    if (parsed.success) return true
    return parsed.error.issues
      .slice(0, 3)
      .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ')
  }
}
