/**
 * JSON calls from the browser to the auth endpoints, with the
 * portal's error shape read into one result type. Free of schemas and
 * messages, so small islands (the notifications bell) stay small.
 */

export type CallResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code?: string; message?: string; field?: string }

/**
 * POSTs JSON and reads the answer; a network failure is a result with status 0.
 * For better-auth's /api/auth endpoints and the support report, whose router
 * carries no route types yet; the other /api/v1 calls go through api-client.ts.
 */
export async function postJson<T>(url: string, body: unknown): Promise<CallResult<T>> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
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
