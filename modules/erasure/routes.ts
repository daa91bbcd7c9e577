/**
 * The deletion calls of the REST API, all for the signed-in holder (401
 * without a session, before reading input): the form's facts, the code
 * mailed to an account without a password, and the deletion itself, which
 * answers with the cookies that end the browser's session.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { signOut } from '../accounts/index.ts'
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  signedInOf,
  signedInOnly,
} from '../http/index.ts'
import { deleteOwnAccount } from './delete-account.ts'
import { deletionOptions, requestDeletionCode } from './deletion-options.ts'
import { deleteOwnAccountSchema } from './schemas.ts'

const DeletionOptionsSchema = z
  .object({
    method: z.enum(['password', 'code']).openapi({
      description:
        'Come si conferma: la password, o un codice inviato via e-mail (account Google o Facebook)',
    }),
    email: z.string(),
    subscription: z
      .object({
        productName: z.string().nullable(),
        periodEnd: z.string().nullable().openapi({ format: 'date-time' }),
      })
      .nullable(),
  })
  .openapi('EliminazioneAccountOpzioni')

const options = createRoute({
  method: 'get',
  path: '/user/elimina-account',
  tags: ['Profilo'],
  summary: 'Come eliminare l’account',
  description:
    'Il modo di conferma (password o codice via e-mail) e l’abbonamento in corso, che si può far terminare alla fine del periodo o subito.',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(DeletionOptionsSchema, 'Opzioni'),
    ...errorResponses(401, 409),
  },
})

const sendCode = createRoute({
  method: 'post',
  path: '/user/elimina-account/codice',
  tags: ['Profilo'],
  summary: 'Invia il codice per eliminare l’account',
  description:
    'Per un account senza password (Google o Facebook): un codice di 6 cifre all’indirizzo dell’account, valido 15 minuti e usabile una volta; al massimo 3 codici all’ora.',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(
      z.object({ email: z.string(), validForMinutes: z.number().int() }).openapi('CodiceEliminazioneInviato'),
      'Codice inviato',
    ),
    ...errorResponses(400, 401, 409, 429),
  },
})

const deleteAccountRoute = createRoute({
  method: 'post',
  path: '/user/elimina-account',
  tags: ['Profilo'],
  summary: 'Elimina l’account',
  description:
    'Verifica la password (o il codice), fa terminare l’abbonamento alla fine del periodo o subito, cancella o rende anonimi i dati personali, conserva fatture e dati di fatturazione nell’archivio fiscale (10 anni), chiude tutte le sessioni e invia un’e-mail di conferma.',
  middleware: [signedInOnly] as const,
  request: jsonBody(deleteOwnAccountSchema),
  responses: {
    200: jsonContent(
      z
        .object({
          ok: z.literal(true),
          subscriptionEnd: z.enum(['period_end', 'now']).nullable(),
          subscriptionEndsAt: z.string().nullable().openapi({ format: 'date-time' }),
        })
        .openapi('AccountEliminato'),
      'Account eliminato; la risposta cancella i cookie della sessione',
    ),
    ...errorResponses(400, 401, 409, 429),
  },
})

/** The routes, mounted by modules/api. */
export function erasureRoutes() {
  return createRouter()
    .openapi(options, async (c) => {
      const { user } = signedInOf(c)
      return c.json(await deletionOptions(user), 200)
    })
    .openapi(sendCode, async (c) => {
      const { user } = signedInOf(c)
      return c.json(await requestDeletionCode(user), 200)
    })
    .openapi(deleteAccountRoute, async (c) => {
      const { user } = signedInOf(c)
      const deletion = await deleteOwnAccount({ user, input: c.req.valid('json') })
      for (const cookie of await signOut(c.req.raw)) c.header('set-cookie', cookie, { append: true })
      return c.json(
        {
          ok: true as const,
          subscriptionEnd: deletion.subscription?.end ?? null,
          subscriptionEndsAt: deletion.subscription?.endsAt?.toISOString() ?? null,
        },
        200,
      )
    })
}
