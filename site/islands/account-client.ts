/**
 * Browser side of the account pages: the form schemas (the same rules the
 * server applies, with the same Italian messages), JSON calls to the auth and
 * API endpoints, and the flag that makes the next page confirm a new session.
 */
import { z } from 'zod'
import { it } from '../../modules/i18n/index.ts'

// Zod's compiled fast path probes `new Function`, which the site's Content-Security-Policy refuses (and reports):
// in the browser it validates by interpretation. This module is loaded on every page, before any island parses.
z.config({ jitless: true })

const t = it.accounts

/** sessionStorage key: set after a login or sign-up, read by the session check of the next page. */
export const NEW_SESSION_FLAG = 'bancadati:nuova-sessione'

const email = z
  .string()
  .trim()
  .min(1, t.fields.emailRequired)
  .max(254, t.fields.tooLong)
  .pipe(z.email({ message: t.fields.emailInvalid }))

const chosenPassword = z
  .string()
  .min(8, t.password.tooShort)
  .max(20, t.password.tooLong)
  .refine((value) => !/\s/.test(value), t.password.noSpaces)

/** The trial sign-up form. */
export const signupFormSchema = z.object({
  nome: z.string().trim().min(1, t.fields.firstNameRequired).max(100, t.fields.tooLong),
  cognome: z.string().trim().min(1, t.fields.lastNameRequired).max(100, t.fields.tooLong),
  email,
  professione: z.string(),
  termini: z.boolean().refine((value) => value, t.signup.termsRequired),
})

/** The login form. */
export const loginFormSchema = z.object({
  email,
  password: z.string().min(1, t.login.passwordRequired),
  ricordami: z.boolean(),
})

/** The password-recovery request. */
export const resetRequestSchema = z.object({ email })

/** The new password and its confirmation. */
export const newPasswordSchema = z
  .object({ password: chosenPassword, conferma: z.string() })
  .refine((value) => value.password === value.conferma, { message: t.password.mismatch, path: ['conferma'] })

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

/** Marks the coming page load as the first of a new session (it then confirms the session after 500 ms). */
export function markNewSession(): void {
  try {
    sessionStorage.setItem(NEW_SESSION_FLAG, String(Date.now()))
  } catch {
    // Storage disabled: the session check then simply skips the confirmation.
  }
}

/** The password change: old password, new password (8 to 20 characters, no spaces) and its confirmation. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, t.password.required),
    newPassword: chosenPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: t.passwordChange.mismatch,
    path: ['confirmPassword'],
  })

/**
 * Whether the password-change form may be saved: the old and the new password
 * have at least 8 characters and the confirmation matches the new one.
 */
export function passwordChangeSavable(values: {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}): boolean {
  return (
    values.currentPassword.length >= 8 &&
    values.newPassword.length >= 8 &&
    values.newPassword === values.confirmPassword
  )
}

/** The live hint under the new password turns green at 8 characters or more (at most 20, no spaces). */
export function passwordHintMet(value: string): boolean {
  return value.length >= 8 && value.length <= 20 && !/\s/.test(value)
}

/** The display name. */
export const displayNameFormSchema = z.object({
  displayName: z.string().trim().min(1, t.displayName.required).max(100, t.fields.tooLong),
})

/** The e-mail change: the new address and the current password. */
export const emailChangeFormSchema = z.object({
  email,
  password: z.string().min(1, t.emailChange.passwordRequired),
})

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
