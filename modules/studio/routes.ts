/**
 * The Studio calls of the REST API (/api/v1/linkedstudioaccounts, §7).
 * `linkedto`, `linkto` and `unlink` are the Studio owner's: 401 without a
 * session (before reading input), 403 for anyone who does not hold an active
 * Studio subscription, and 403 when the path's e-mail is not the caller's own
 * (`linkedto`, `linkto`) or not an account of the caller's Studio (`unlink`).
 * `verifyinvite` is public and answers only the invited address; `activate`
 * needs the invited account's own session; `signup` creates that account.
 */
import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { clientIpOf, type SignedInUser } from '../accounts/index.ts'
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  OkSchema,
  signedInOf,
  signedInOnly,
  viewerOf,
  type ApiEnv,
} from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { AppError, errorBody } from '../platform/index.ts'
import { STUDIO_LINK_LIMIT } from './constants.ts'
import { signUpWithInvite } from './invite-signup.ts'
import { activateInvite, inviteAccount, listLinks, unlinkAccount, verifyInvite } from './links.ts'
import { inviteSignupSchema, linkToSchema } from './schemas.ts'

const t = it.studio
/** 401 without a session; 403 unless the caller holds an active Studio subscription. */
const requireStudioOwner: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { session, access } = viewerOf(c)
  if (!session) return c.json(errorBody('unauthorized', it.accounts.notSignedIn), 401)
  c.header('cache-control', 'no-store')
  if (access.entitlements.kind === 'studioSecondary') {
    return c.json(errorBody('forbidden', t.secondaryForbidden), 403)
  }
  if (!access.entitlements.canManageStudio) return c.json(errorBody('forbidden', t.notStudio), 403)
  await next()
  return undefined
}

/** The path's e-mail must be the caller's. */
function ownEmail(mail: string, user: SignedInUser) {
  if (mail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('forbidden', it.billing.errors.forbidden)
  }
}

const LinkedAccountSchema = z
  .object({
    email: z.string(),
    isActive: z.boolean(),
    invitedAt: z.string().openapi({ format: 'date-time' }),
    activatedAt: z.string().nullable().openapi({ format: 'date-time' }),
    inviteExpiresAt: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('AccountCollegato')

const tags = ['Studio']
const byMail = z.object({ mail: z.string().min(1).max(254) })
const byCode = z.object({ code: z.string().min(1).max(200) })
const linkedToRoute = createRoute({
  method: 'get',
  path: '/linkedstudioaccounts/linkedto/{mail}',
  tags,
  summary: 'Account collegati allo Studio',
  description: `Gli account collegati (al massimo ${STUDIO_LINK_LIMIT}) con il loro stato: isActive false per Invitato, true per Attivo. «mail» è l’indirizzo del titolare che chiama.`,
  middleware: [requireStudioOwner] as const,
  request: { params: byMail },
  responses: {
    200: jsonContent(z.array(LinkedAccountSchema), 'Account collegati'),
    ...errorResponses(401, 403),
  },
})

const linkToRoute = createRoute({
  method: 'post',
  path: '/linkedstudioaccounts/linkto/{mail}',
  tags,
  summary: 'Invita un account nello Studio',
  description:
    'Invia all’indirizzo «accountEmail» un’email con un codice valido 7 giorni e usabile una volta; per un invito in attesa invia un nuovo codice. 409 con «Hai raggiunto il limite massimo di account collegabili.» oltre i 2 account. «subscriptionName» e «subscriptionId» sono accettati per compatibilità: l’abbonamento è quello dell’account che chiama.',
  middleware: [requireStudioOwner] as const,
  request: {
    params: byMail,
    ...jsonBody(linkToSchema),
  },
  responses: {
    201: jsonContent(LinkedAccountSchema, 'Invito inviato'),
    ...errorResponses(400, 401, 403, 409, 429),
  },
})

const unlinkRoute = createRoute({
  method: 'post',
  path: '/linkedstudioaccounts/unlink/{mail}',
  tags,
  summary: 'Rimuove un account dallo Studio',
  description:
    '«mail» è l’indirizzo dell’account collegato: perde subito l’accesso (le sue sessioni terminano) e può essere invitato di nuovo.',
  middleware: [requireStudioOwner] as const,
  request: { params: byMail },
  responses: {
    200: jsonContent(OkSchema, 'Account rimosso'),
    ...errorResponses(401, 403),
  },
})

const verifyInviteRoute = createRoute({
  method: 'get',
  path: '/linkedstudioaccounts/verifyinvite/{code}',
  tags,
  summary: 'Verifica un codice invito',
  description:
    'Pubblica: per un codice valido risponde solo con l’indirizzo invitato; 404 «Il codice invito inserito non è valido.» per un codice sconosciuto, già usato o scaduto.',
  request: { params: byCode },
  responses: {
    200: jsonContent(z.object({ email: z.string() }).openapi('InvitoValido'), 'Invito valido'),
    ...errorResponses(404, 429),
  },
})

const activateRoute = createRoute({
  method: 'post',
  path: '/linkedstudioaccounts/activate/{code}',
  tags,
  summary: 'Attiva l’invito per l’account che chiama',
  description:
    'L’account che ha effettuato l’accesso deve essere quello invitato (403 altrimenti). Il codice viene consumato.',
  middleware: [signedInOnly] as const,
  request: { params: byCode },
  responses: {
    200: jsonContent(z.object({ ok: z.literal(true), redirectTo: z.string() }), 'Account collegato'),
    ...errorResponses(401, 403, 404, 429),
  },
})

const signupRoute = createRoute({
  method: 'post',
  path: '/linkedstudioaccounts/signup/{code}',
  tags,
  summary: 'Crea l’account invitato e lo collega allo Studio',
  description:
    'Nome, password ripetuta due volte e accettazione dei termini: crea l’account dell’indirizzo invitato, lo collega ed effettua l’accesso. 409 (campo «email») se l’indirizzo è già registrato: in quel caso si accede e si chiama activate.',
  request: {
    params: byCode,
    ...jsonBody(inviteSignupSchema),
  },
  responses: {
    201: jsonContent(z.object({ email: z.string(), redirectTo: z.string() }), 'Account creato e collegato'),
    ...errorResponses(400, 404, 409, 429),
  },
})

/** The routes, mounted by the API at its base path. */
export function studioRoutes() {
  return createRouter()
    .openapi(linkedToRoute, async (c) => {
      const user = signedInOf(c).user
      ownEmail(c.req.valid('param').mail, user)
      return c.json(await listLinks(user.id), 200)
    })
    .openapi(linkToRoute, async (c) => {
      const user = signedInOf(c).user
      ownEmail(c.req.valid('param').mail, user)
      const body = c.req.valid('json')
      return c.json(await inviteAccount({ owner: user, email: body.accountEmail }), 201)
    })
    .openapi(unlinkRoute, async (c) => {
      const user = signedInOf(c).user
      await unlinkAccount({ owner: user, email: c.req.valid('param').mail })
      return c.json({ ok: true as const }, 200)
    })
    .openapi(verifyInviteRoute, async (c) => {
      c.header('cache-control', 'no-store')
      const invite = await verifyInvite(c.req.valid('param').code, clientIpOf(c.req.raw.headers))
      return c.json({ email: invite.email }, 200)
    })
    .openapi(activateRoute, async (c) => {
      const user = signedInOf(c).user
      await activateInvite({
        code: c.req.valid('param').code,
        user,
        ip: clientIpOf(c.req.raw.headers),
      })
      return c.json({ ok: true as const, redirectTo: '/bancadati' }, 200)
    })
    .openapi(signupRoute, async (c) => {
      c.header('cache-control', 'no-store')
      const result = await signUpWithInvite({
        code: c.req.valid('param').code,
        input: c.req.valid('json'),
        headers: c.req.raw.headers,
        ip: clientIpOf(c.req.raw.headers),
      })
      for (const cookie of result.setCookies) c.header('set-cookie', cookie, { append: true })
      return c.json({ email: result.email, redirectTo: '/bancadati' }, 201)
    })
}
