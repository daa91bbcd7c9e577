/**
 * The sign-up routes of the REST API (/api/v1): the trial sign-up, the
 * completion of a Google or Facebook sign-up and the compatibility call of the
 * welcome mail. Routes that need a signed-in caller answer 401 before reading
 * their input.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { HOME_AFTER_LOGIN, getAccounts } from '../accounts/index.ts'
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  signedInOf,
  signedInOnly,
} from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { completeSocialSignup } from './complete-social-signup.ts'
import { registerTrial } from './register-trial.ts'
import { trialSignupBodySchema } from './schemas.ts'

const trialSignup = createRoute({
  method: 'post',
  path: '/user/trial-signup',
  tags: ['Account'],
  summary: 'Registrazione alla prova gratuita',
  description:
    'Crea un account di prova di 7 giorni con una password generata, inviata con l’email di benvenuto, e registra il contatto commerciale. La risposta è la stessa anche quando l’indirizzo ha già un account (in quel caso nulla cambia e al titolare arriva un’email che lo avvisa): nessun accesso viene effettuato, si accede con la password ricevuta.',
  request: jsonBody(trialSignupBodySchema),
  responses: {
    201: jsonContent(
      z
        .object({
          email: z.string(),
          trialEndsAt: z.string().openapi({ format: 'date-time' }),
          message: z.string(),
          redirectTo: z.string(),
        })
        .openapi('RegistrazioneProva'),
      'Registrazione ricevuta: la password arriva per email',
    ),
    ...errorResponses(400, 429),
  },
})

const sendWelcomeEmail = createRoute({
  method: 'post',
  path: '/user/sendwelcomeemail',
  tags: ['Account'],
  summary: 'Email di benvenuto (compatibilità)',
  description:
    'Invia l’email di benvenuto all’indirizzo dell’account che chiama, una sola volta: non accetta destinatari, password o testi dal client e non ripete un’email già inviata dal server.',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(z.object({ sent: z.boolean() }).openapi('EmailBenvenuto'), 'Esito'),
    ...errorResponses(401, 429),
  },
})

const setupSocial = createRoute({
  method: 'post',
  path: '/user/setupsocial',
  tags: ['Account'],
  summary: 'Completa la registrazione con Google o Facebook',
  description:
    'Registra la professione dell’account creato con Google o Facebook (anche nel contatto commerciale) e invia l’email di benvenuto, una sola volta. Per un account già completato non scrive nulla e risponde completed false.',
  middleware: [signedInOnly] as const,
  request: jsonBody(z.object({ professione: z.string().max(100) }).openapi('CompletaRegistrazioneSocial')),
  responses: {
    200: jsonContent(
      z.object({ completed: z.boolean(), redirectTo: z.string() }).openapi('RegistrazioneSocialCompletata'),
      'Registrazione completata',
    ),
    ...errorResponses(400, 401),
  },
})

/** Where a trial sign-up sends its visitor with the mailed password: the sign-in page (then the database). */
const TRIAL_SIGN_IN_PATH = '/accedi'

/** The routes, mounted by the API at its base path. */
export function signupRoutes() {
  return createRouter()
    .openapi(trialSignup, async (c) => {
      const body = c.req.valid('json')
      const result = await registerTrial(
        { firstName: body.nome, lastName: body.cognome, email: body.email, profession: body.professione },
        c.req.raw.headers,
      )
      return c.json(
        {
          email: result.email,
          trialEndsAt: result.trialEndsAt.toISOString(),
          message: it.accounts.signup.checkMail(result.email),
          // The sign-in page, which then opens the database.
          redirectTo: TRIAL_SIGN_IN_PATH,
        },
        201,
      )
    })
    .openapi(setupSocial, async (c) => {
      const { user } = signedInOf(c)
      const { professione } = c.req.valid('json')
      const result = await completeSocialSignup(user, { profession: professione })
      c.header('cache-control', 'no-store')
      return c.json({ completed: result.completed, redirectTo: HOME_AFTER_LOGIN }, 200)
    })
    .openapi(sendWelcomeEmail, async (c) => {
      const { user } = signedInOf(c)
      const { pool, limiters } = await getAccounts()
      await limiters.mailCallsByUser.hit(user.id, it.accounts.tooManyRequests)
      const t = it.accounts.welcomeNotice
      // The same key as the sign-up's welcome mail (with the password): a mail already sent is never repeated.
      const result = await enqueueMail(pool, {
        to: user.email,
        template: 'notice',
        data: {
          subject: t.subject,
          title: t.title,
          name: user.name || undefined,
          paragraphs: [...t.paragraphs],
          button: { label: t.button, url: '/accedi' },
        },
        dedupeKey: `welcome:${user.id}`,
      })
      return c.json({ sent: result.created }, 200)
    })
}
