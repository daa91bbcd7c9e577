/** The server side of the public request forms: parse, validate, submit, and what to render next. */
import { it } from '#modules/i18n'
import { AppError, getLogger } from '#modules/platform'
import {
  enterpriseEnquirySchema,
  parseForm,
  productEnquirySchema,
  submitEnquiry,
  type FieldErrors,
} from '#modules/site-content'

export type EnquiryState = {
  values: Record<string, string>
  errors: FieldErrors
  failure?: string
  /** True when the request was accepted (the page redirects to its success view). */
  accepted: boolean
}

/** Handles a POSTed request form of the given kind. */
export async function handleEnquiry(
  request: Request,
  kind: 'product' | 'enterprise',
  clientIp: string,
): Promise<EnquiryState> {
  const form = await request.formData().catch(() => new FormData())
  const values: Record<string, string> = {}
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value
  const parsed =
    kind === 'product' ? parseForm(productEnquirySchema, values) : parseForm(enterpriseEnquirySchema, values)
  if (!parsed.ok) return { values, errors: parsed.errors, accepted: false }
  try {
    await submitEnquiry({ kind, ...parsed.data } as Parameters<typeof submitEnquiry>[0], { clientIp })
    return { values: {}, errors: {}, accepted: true }
  } catch (error) {
    if (error instanceof AppError && error.code === 'too_many_requests')
      return { values, errors: {}, failure: error.message, accepted: false }
    getLogger().error({ err: error, kind }, 'Richiesta di informazioni non registrata')
    return { values, errors: {}, failure: it.publicSite.forms.failure, accepted: false }
  }
}
