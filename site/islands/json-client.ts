/**
 * JSON calls from the browser to the auth and API endpoints, with the
 * portal's error shape read into one result type. Free of schemas and
 * messages, so small islands (the notifications bell) stay small.
 */

export type CallResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code?: string; message?: string; field?: string }

/** POSTs JSON and reads the answer; a network failure is a result with status 0. */
export async function postJson<T>(url: string, body: unknown): Promise<CallResult<T>> {
  return callJson<T>(url, { method: 'POST', body: JSON.stringify(body), json: true })
}

async function callJson<T>(
  url: string,
  request: { method: string; body: BodyInit; json: boolean },
): Promise<CallResult<T>> {
  let response: Response
  try {
    response = await fetch(url, {
      method: request.method,
      headers: request.json
        ? { 'content-type': 'application/json', accept: 'application/json' }
        : { accept: 'application/json' },
      credentials: 'same-origin',
      body: request.body,
    })
  } catch {
    return { ok: false, status: 0 }
  }
  return readAnswer<T>(response)
}

/** Reads an answer: its JSON body when it succeeded, the portal's error shape otherwise. */
export async function readAnswer<T>(response: {
  ok: boolean
  status: number
  text: () => Promise<string>
}): Promise<CallResult<T>> {
  const text = await response.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    // Not JSON (a proxy's error page): the status alone describes the failure.
    data = null
  }
  if (response.ok) return { ok: true, status: response.status, data: data as T }
  const error = (data as { error?: { code?: string; message?: string; field?: string } } | null)?.error
  return {
    ok: false,
    status: response.status,
    code: error?.code,
    message: error?.message,
    field: error?.field,
  }
}

/** Sends JSON with another method (PATCH) and reads the answer like postJson. */
export async function sendJson<T>(
  method: 'PATCH' | 'POST',
  url: string,
  body: unknown,
): Promise<CallResult<T>> {
  return callJson<T>(url, { method, body: JSON.stringify(body), json: true })
}

/** POSTs a multipart form and reads the answer like postJson. */
export async function postForm<T>(url: string, form: FormData): Promise<CallResult<T>> {
  return callJson<T>(url, { method: 'POST', body: form, json: false })
}
