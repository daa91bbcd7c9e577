/**
 * The flag a login or sign-up leaves for the next page, whose session check
 * then confirms the new session. Kept apart from the account forms' code, so
 * the shell loaded by every page does not ship their schemas and messages.
 */

/** sessionStorage key: set after a login or sign-up, read by the session check of the next page. */
export const NEW_SESSION_FLAG = 'bancadati:nuova-sessione'

/** Marks the coming page load as the first of a new session (it then confirms the session after 500 ms). */
export function markNewSession(): void {
  try {
    sessionStorage.setItem(NEW_SESSION_FLAG, String(Date.now()))
  } catch {
    // Storage disabled: the session check then simply skips the confirmation.
  }
}
