/**
 * The consent page of the test provider: 'Fornitore di prova', what it is,
 * the identity to sign in with (email, nome, cognome) and 'Continua' /
 * 'Annulla'. Plain HTML with one style sheet (allowed by its hash): no script.
 */
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { it } from '../../modules/i18n/index.ts'
import { html, rawHtml, type SafeHtml } from '../../modules/platform/index.ts'

const t = it.accounts.social.testProvider

/** Who signs in: what the provider vouches for. */
export type TestIdentity = {
  email: string
  name: string
  givenName?: string | undefined
  familyName?: string | undefined
  /** The `email_verified` claim (default true, as Google's for a Gmail address). */
  emailVerified?: boolean | undefined
}

const field = (required: string) => z.string().trim().min(1, required).max(80, t.tooLong)

/** The identity fields of the consent form. */
export const identityFormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(80, t.tooLong)
    .pipe(z.email({ message: t.invalidEmail })),
  nome: field(t.requiredFirstName),
  cognome: field(t.requiredLastName),
})

export type IdentityForm = z.input<typeof identityFormSchema>
type FieldName = keyof IdentityForm

/** The identity the form names, or the message of each field that is wrong. */
export function readIdentityForm(
  form: URLSearchParams,
): { identity: TestIdentity } | { errors: Partial<Record<FieldName, string>> } {
  const parsed = identityFormSchema.safeParse({
    email: form.get('email') ?? '',
    nome: form.get('nome') ?? '',
    cognome: form.get('cognome') ?? '',
  })
  if (!parsed.success) {
    const errors: Partial<Record<FieldName, string>> = {}
    for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message
    return { errors }
  }
  const { email, nome, cognome } = parsed.data
  return {
    identity: {
      email: email.toLowerCase(),
      name: `${nome} ${cognome}`,
      givenName: nome,
      familyName: cognome,
    },
  }
}

/** The form's values for an identity (the prefilled demo one, or the last one used). */
export function formOf(identity: TestIdentity): IdentityForm {
  const [first = '', ...rest] = identity.name.split(' ')
  return {
    email: identity.email,
    nome: identity.givenName ?? first,
    cognome: identity.familyName ?? rest.join(' '),
  }
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2433;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:440px;width:calc(100% - 32px);box-sizing:border-box;margin:16px 0}
h1{font-size:1.5rem;margin:0 0 4px}.subtitle{margin:0 0 16px;font-weight:600;color:#4a5568}
p{line-height:1.5;margin:0 0 16px}.badge{display:inline-block;background:#fff4d6;color:#6b4f00;border:1px solid #e8c95c;border-radius:999px;padding:2px 10px;font-size:.85rem;font-weight:600;margin:0 0 12px}
label{display:block;font-weight:600;margin:0 0 4px}input{display:block;width:100%;box-sizing:border-box;font:inherit;padding:10px 12px;border:1px solid #8a94a6;border-radius:8px;margin:0 0 4px}
input[aria-invalid=true]{border-color:#b42318}.field{margin:0 0 16px}.error{color:#b42318;font-size:.9rem;margin:0}
.alert{border:1px solid #b42318;background:#fdecea;color:#7a1a10;border-radius:8px;padding:12px 16px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:10px 20px;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}.ok{background:#1f5fcc;color:#fff}.ko{background:#e5e7eb;color:#1d2433}`

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/** The Content-Security-Policy of the provider's pages: no script, this style sheet, forms to itself and to `formTargets`. */
export function pagePolicy(formTargets: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}

function page(body: SafeHtml): string {
  return html`<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title}</title>
<style>${rawHtml(STYLE)}</style>
</head>
<body><main>${body}</main></body>
</html>`.value
}

function input(
  name: FieldName,
  label: string,
  value: string,
  error: string | undefined,
  type: string,
  autocomplete: string,
) {
  const errorId = `${name}-errore`
  return html`<div class="field">
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required maxlength="80" value="${value}"${
    error ? html` aria-invalid="true" aria-describedby="${errorId}"` : ''
  }>
${error ? html`<p class="error" id="${errorId}">${error}</p>` : ''}
</div>`
}

/** The consent page for request `requestId` of `provider` ('Google', 'Facebook'). */
export function consentPage(options: {
  requestId: string
  provider: string
  values: IdentityForm
  errors?: Partial<Record<FieldName, string>> | undefined
}): string {
  const { requestId, provider, values, errors = {} } = options
  const messages = Object.values(errors)
  return page(html`<p class="badge">${t.title}</p>
<h1>${t.title}</h1>
<p class="subtitle">${t.subtitle(provider)}</p>
<p>${t.lead(provider)}</p>
<p>${t.choose}</p>
${
  messages.length > 0
    ? html`<div class="alert field" role="alert">${t.errorsTitle} ${messages.join(' ')}</div>`
    : ''
}
<form method="post" action="/consenso" novalidate>
<input type="hidden" name="richiesta" value="${requestId}">
${input('email', t.email, values.email, errors.email, 'email', 'email')}
${input('nome', t.firstName, values.nome, errors.nome, 'text', 'given-name')}
${input('cognome', t.lastName, values.cognome, errors.cognome, 'text', 'family-name')}
<div class="actions">
<button class="ok" type="submit" name="scelta" value="continua">${t.continue}</button>
<button class="ko" type="submit" name="scelta" value="annulla">${t.cancel}</button>
</div>
</form>`)
}

/** A page that only explains why there is nothing to approve. */
export function messagePage(message: string): string {
  return page(html`<p class="badge">${t.title}</p>
<h1>${t.title}</h1>
<p>${message}</p>`)
}
