/**
 * The NUL byte guard: no path segment, query parameter, form field or JSON
 * string of a request may hold the character U+0000, which Postgres cannot
 * store or compare in text. Each entrance of the server (the API, the site
 * and better-auth, the CMS) refuses such a request with a 400 naming the
 * field before any handler sees it. Multipart forms are read at the CMS's
 * entrance, where documents arrive that way.
 */
import { it } from '../i18n/index.ts'
import { errorBody, type ErrorBody } from './errors.ts'
import { getLogger } from './logger.ts'

const NUL = '\u0000'

/** A field name a user can read: a NUL in a name is shown as `\0`. */
function shown(name: string): string {
  return name.replaceAll(NUL, '\\0')
}

/** Decodes a URL component; one that is not valid percent-encoding is taken as written. */
export function decodedComponent(component: string): string {
  try {
    return decodeURIComponent(component)
  } catch {
    return component
  }
}

/**
 * The path segment holding a NUL byte, named by `segmentName` (its index in
 * the path's segments, the first after the leading slash being 0), or
 * undefined when there is none.
 */
export function nullByteInPath(
  pathname: string,
  segmentName: (index: number) => string = () => it.errors.pathField,
): string | undefined {
  const segments = pathname.split('/').slice(1)
  const index = segments.findIndex((segment) => decodedComponent(segment).includes(NUL))
  return index === -1 ? undefined : segmentName(index)
}

/** The query parameter (or form field, for an urlencoded body) holding a NUL byte in its name or value. */
export function nullByteInParams(params: URLSearchParams): string | undefined {
  for (const [name, value] of params) {
    if (name.includes(NUL) || value.includes(NUL)) return shown(name)
  }
  return undefined
}

/** The JSON path (`billing.name`, `items.0`) of the first string or key of `value` holding a NUL byte. */
export function nullByteInJson(value: unknown, path: string[] = []): string | undefined {
  const here = () => (path.length === 0 ? it.errors.bodyField : path.map(shown).join('.'))
  if (typeof value === 'string') return value.includes(NUL) ? here() : undefined
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key].map(shown).join('.')
    const found = nullByteInJson(item, [...path, key])
    if (found) return found
  }
  return undefined
}

/** The address's field (path segment or query parameter) holding a NUL byte. */
export function nullByteInUrl(url: string): string | undefined {
  const [pathname = '/', query = ''] = url.split('?', 2)
  return nullByteInPath(pathname) ?? nullByteInParams(new URLSearchParams(query))
}

/** The kind of a body the guard reads: JSON or an urlencoded form; other bodies (files, text) may hold any byte. */
function checkedKind(contentType: string | null | undefined): 'json' | 'form' | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === 'application/json' || type.endsWith('+json')) return 'json'
  if (type === 'application/x-www-form-urlencoded') return 'form'
  return undefined
}

/** True when the guard reads bodies of this content type. */
export function isCheckedBody(contentType: string | null | undefined): boolean {
  return checkedKind(contentType) !== undefined
}

/**
 * The field of a request body holding a NUL byte: in JSON a string at any
 * depth or a key, in an urlencoded form a field. A body that does not parse
 * is left to the handler, which says so.
 */
export function nullByteInBody(contentType: string | null | undefined, text: string): string | undefined {
  const kind = checkedKind(contentType)
  if (kind === 'form') return text.includes('%00') ? nullByteInParams(new URLSearchParams(text)) : undefined
  if (kind !== 'json' || !text.includes('\\u0000')) return undefined
  try {
    return nullByteInJson(JSON.parse(text))
  } catch {
    return undefined
  }
}

/** The 400 body naming the field that holds a NUL byte. */
export function nullByteError(field: string): ErrorBody {
  return errorBody('bad_request', it.errors.invalidField(field, it.errors.nullByteReason), field)
}

/**
 * The field of a multipart form holding a NUL byte: a text field, written or
 * escaped in a JSON field (Payload's admin sends a document as JSON in the
 * field `_payload`, named by its JSON path alone), or a file part's name (the
 * file name becomes a document's `filename`). A file's content may hold any byte.
 */
export function nullByteInForm(form: FormData): string | undefined {
  for (const [name, value] of form) {
    if (name.includes(NUL)) return shown(name)
    if (typeof value !== 'string') {
      if (value.name.includes(NUL)) return it.errors.fileNameOf(shown(name))
      continue
    }
    if (value.includes(NUL)) return shown(name)
    if (!value.includes('\\u0000')) continue
    try {
      const found = nullByteInJson(JSON.parse(value), name === '_payload' ? [] : [name])
      if (found) return found
    } catch {
      // Not JSON: the escape is plain text.
    }
  }
  return undefined
}

const isMultipart = (contentType: string | null) =>
  (contentType ?? '').trim().toLowerCase().startsWith('multipart/form-data')

/**
 * The field of a Web request (address and body) holding a NUL byte, or
 * undefined. Reads the body of a clone (bodies are limited at the edge), so
 * the handler still reads the original.
 */
export async function nullByteInRequest(request: Request): Promise<string | undefined> {
  const url = new URL(request.url)
  const inUrl = nullByteInUrl(`${url.pathname}${url.search}`)
  if (inUrl) return inUrl
  const contentType = request.headers.get('content-type')
  if (!request.body) return undefined
  if (isMultipart(contentType)) {
    // A form that does not parse is left to the handler, which says so.
    const form = await request
      .clone()
      .formData()
      .catch(() => null)
    return form ? nullByteInForm(form) : undefined
  }
  if (!isCheckedBody(contentType)) return undefined
  return nullByteInBody(contentType, await request.clone().text())
}

/** A 400 Response naming the field, for handlers that answer Web requests. */
export function nullByteResponse(field: string): Response {
  return Response.json(nullByteError(field), { status: 400, headers: { 'cache-control': 'no-store' } })
}

/** Wraps a Web request handler (the CMS's REST and GraphQL routes) so a request holding a NUL byte gets the 400 instead. */
export function refusingNullBytes<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return async (request, ...rest) => {
    const field = await nullByteInRequest(request)
    if (!field) return handler(request, ...rest)
    // The caller's mistake, not the server's: a warning naming the field, never an error with a stack.
    getLogger().warn({ field, path: new URL(request.url).pathname }, 'Richiesta rifiutata: carattere nullo')
    return nullByteResponse(field)
  }
}
