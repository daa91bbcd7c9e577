/**
 * The session check of every page of a signed-in visitor (loaded by the
 * layout): every 30 seconds, and when the tab comes back into view, it asks
 * `GET /api/v1/user/validatesession`; a 401 (the session ended, for instance
 * because the account signed in elsewhere) signs the browser out and opens the
 * forced-logout modal. The first page after a login or sign-up also confirms
 * the new session after 500 ms (`GET /api/v1/user/authenticatenewsession`).
 */
import { NEW_SESSION_FLAG } from './session-flag.ts'

/** Interval of the session check (the specification's 30,000 ms). */
export const SESSION_CHECK_MS = 30_000
/** Delay of the new-session confirmation after a login. */
export const NEW_SESSION_DELAY_MS = 500

let timer: ReturnType<typeof setInterval> | undefined
let ended = false

function signedIn(): boolean {
  // The layout renders the forced-logout modal only for signed-in visitors.
  return document.querySelector('[data-forced-logout]') !== null
}

async function endSession(): Promise<void> {
  if (ended) return
  ended = true
  if (timer) clearInterval(timer)
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    })
  } catch {
    // Offline: the server has ended the session already; the modal still tells the visitor.
  }
  document.dispatchEvent(new CustomEvent('sessione:scaduta'))
}

async function check(path: string): Promise<void> {
  if (ended) return
  let response: Response
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } })
  } catch {
    // A network failure says nothing about the session: the next check tries again.
    return
  }
  if (response.status === 401) await endSession()
}

/** True once after a login or sign-up (the flag is consumed). */
function takeNewSessionFlag(): boolean {
  try {
    const flagged = sessionStorage.getItem(NEW_SESSION_FLAG) !== null
    sessionStorage.removeItem(NEW_SESSION_FLAG)
    return flagged
  } catch {
    // Storage disabled: no confirmation, the 30-second check still runs.
    return false
  }
}

function confirmNewSession(): void {
  if (takeNewSessionFlag()) {
    setTimeout(() => void check('/api/v1/user/authenticatenewsession'), NEW_SESSION_DELAY_MS)
  }
}

if (signedIn()) {
  confirmNewSession()
  timer = setInterval(() => void check('/api/v1/user/validatesession'), SESSION_CHECK_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check('/api/v1/user/validatesession')
  })
}
