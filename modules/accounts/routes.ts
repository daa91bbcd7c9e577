/**
 * The accounts routes of the REST API (/api/v1): access state, session
 * checks, the profile, the address confirmation and the profile pictures.
 * Routes that need a signed-in caller answer 401 before reading their input.
 */
import { createRoute, z } from '@hono/zod-openapi'
import {
  createRouter,
  errorResponses,
  fileContent,
  jsonBody,
  jsonContent,
  signedInOf,
  signedInOnly,
  viewerOf,
} from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import type { Access } from '../access/index.ts'
import { CustomerSchema, SubscribedProductSchema, SubscriptionBodySchema } from '../billing/index.ts'
import { addressConfirmed, resendAddressConfirmation } from './address-confirmation.ts'
import { getAccounts } from './runtime.ts'
import { changeEmailSchema, changePasswordSchema, displayNameSchema } from './profile-schemas.ts'
import { changeEmail, changePassword, updateDisplayName } from './profile.ts'
import { PICTURE_MAX_BYTES, profilePicture, saveProfilePicture } from './picture.ts'
import { revokeOtherSessions, type SignedInUser } from './session.ts'

const UserSchema = z
  .object({
    uid: z.string(),
    displayName: z.string(),
    email: z.string(),
    emailVerified: z.boolean().openapi({ description: 'Indirizzo email confermato' }),
    photoURL: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profession: z.string().nullable(),
    accountType: z.enum(['trial', 'standard']),
    trialEndsAt: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('Utente')

const EntitlementsSchema = z
  .object({
    kind: z.enum([
      'anonymous',
      'trial',
      'trialExpired',
      'premium',
      'professional',
      'studioPrimary',
      'studioSecondary',
      'registered',
    ]),
    plan: z.enum(['premium', 'professional']).nullable(),
    canReadInForce: z.boolean(),
    canReadArchive: z.boolean(),
    canReadTerritorial: z.boolean(),
    canReadSummaries: z.boolean(),
    canDownloadAttachments: z.boolean(),
    canSearchInDocument: z.boolean(),
    canUseGuides: z.boolean(),
    canUseFavourites: z.boolean(),
    showsPurchaseLinks: z.boolean(),
    canManageSubscription: z.boolean(),
    canManageStudio: z.boolean(),
    trialWatermark: z.boolean(),
  })
  .openapi('Permessi')

const AccessStateSchema = z
  .object({
    subscription: SubscriptionBodySchema.nullable(),
    product: SubscribedProductSchema.nullable(),
    /** The subscriber's own billing customer (§3's customer), null for Studio secondary accounts. */
    customer: CustomerSchema.nullable().openapi({
      description: 'I dati di fatturazione dell’account; null per gli account secondari di uno Studio',
    }),
    user: UserSchema.nullable(),
    isTrial: z.boolean(),
    isAuthenticated: z.boolean(),
    isStudioSecondary: z.boolean(),
    isSecondary: z.boolean(),
    isTrialExpired: z.boolean(),
    entitlements: EntitlementsSchema,
  })
  .openapi('StatoAccesso')

function userSummary(user: SignedInUser): z.infer<typeof UserSchema> {
  return {
    uid: user.id,
    displayName: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    photoURL: user.image,
    firstName: user.firstName,
    lastName: user.lastName,
    profession: user.profession,
    accountType: user.accountType,
    trialEndsAt: user.trialEndsAt ? user.trialEndsAt.toISOString() : null,
  }
}

/** The body of `GET /abbonamenti` for an access state. */
export function accessStateBody(access: Access): z.infer<typeof AccessStateSchema> {
  const { entitlements } = access
  const details = access.subscription.details
  const secondary = entitlements.kind === 'studioSecondary'
  return {
    // The billing mirror's bodies (modules/access passes them through untyped): checked against their schemas.
    subscription: SubscriptionBodySchema.nullable().parse(details?.subscription ?? null),
    product: SubscribedProductSchema.nullable().parse(details?.product ?? null),
    customer: CustomerSchema.nullable().parse(details?.customer ?? null),
    user: access.user ? userSummary(access.user) : null,
    isTrial: entitlements.kind === 'trial',
    isAuthenticated: entitlements.isAuthenticated,
    isStudioSecondary: secondary,
    isSecondary: secondary,
    isTrialExpired: entitlements.kind === 'trialExpired',
    entitlements: { ...entitlements },
  }
}

const SessionSchema = z
  .object({ valid: z.literal(true), expiresAt: z.string().openapi({ format: 'date-time' }) })
  .openapi('Sessione')

const abbonamenti = createRoute({
  method: 'get',
  path: '/abbonamenti',
  tags: ['Account'],
  summary: "Stato dell'accesso del visitatore",
  description:
    'Abbonamento, prodotto, utente e tipo di visitatore. Pubblico: per chi non ha effettuato l’accesso risponde isAuthenticated false.',
  responses: { 200: jsonContent(AccessStateSchema, 'Stato dell’accesso') },
})

const validateSession = createRoute({
  method: 'get',
  path: '/user/validatesession',
  tags: ['Account'],
  summary: 'Verifica la sessione',
  description:
    'Chiamata ogni 30 secondi dalle pagine: 401 quando la sessione è terminata (anche per un accesso da un’altra postazione).',
  middleware: [signedInOnly] as const,
  responses: { 200: jsonContent(SessionSchema, 'Sessione valida'), ...errorResponses(401) },
})

const authenticateNewSession = createRoute({
  method: 'get',
  path: '/user/authenticatenewsession',
  tags: ['Account'],
  summary: 'Conferma la nuova sessione',
  description:
    'Chiamata 500 ms dopo l’accesso: conferma la sessione e chiude le altre sessioni dell’account.',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(
      SessionSchema.extend({ revokedSessions: z.number().int() }).openapi('NuovaSessione'),
      'Sessione confermata',
    ),
    ...errorResponses(401),
  },
})

const trialExpire = createRoute({
  method: 'get',
  path: '/user/trial-expire',
  tags: ['Account'],
  summary: 'Messaggio sulla scadenza della prova',
  description:
    'Il messaggio della barra in alto: giorni rimasti o prova terminata; null per chi non è in prova.',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(z.object({ message: z.string().nullable() }).openapi('ScadenzaProva'), 'Messaggio'),
    ...errorResponses(401),
  },
})

const changePasswordRoute = createRoute({
  method: 'post',
  path: '/user/change-password',
  tags: ['Profilo'],
  summary: 'Modifica la password',
  description:
    'Verifica la vecchia password, imposta la nuova (da 8 a 20 caratteri, senza spazi) e chiude tutte le altre sessioni dell’account; la sessione corrente resta aperta. Dopo 10 vecchie password errate in 15 minuti risponde 429.',
  middleware: [signedInOnly] as const,
  request: jsonBody(changePasswordSchema),
  responses: {
    200: jsonContent(
      z.object({ ok: z.literal(true), revokedSessions: z.number().int() }).openapi('PasswordModificata'),
      'Password modificata',
    ),
    ...errorResponses(400, 401, 429),
  },
})

const updateProfile = createRoute({
  method: 'patch',
  path: '/user/profile',
  tags: ['Profilo'],
  summary: 'Aggiorna il nome visualizzato',
  middleware: [signedInOnly] as const,
  request: jsonBody(displayNameSchema),
  responses: {
    200: jsonContent(z.object({ displayName: z.string() }).openapi('NomeVisualizzato'), 'Nome aggiornato'),
    ...errorResponses(400, 401),
  },
})

const changeEmailRoute = createRoute({
  method: 'post',
  path: '/user/change-email',
  tags: ['Profilo'],
  summary: 'Modifica l’indirizzo email',
  description:
    'Con la password attuale cambia subito l’indirizzo dell’account e invia al precedente indirizzo una email con un collegamento, valido 7 giorni e usabile una volta, che annulla la modifica.',
  middleware: [signedInOnly] as const,
  request: jsonBody(changeEmailSchema),
  responses: {
    200: jsonContent(z.object({ email: z.string() }).openapi('EmailModificata'), 'Email aggiornata'),
    ...errorResponses(400, 401, 409, 429),
  },
})

const uploadProfilePicture = createRoute({
  method: 'post',
  path: '/user/{uid}/uploadprofilepicture',
  tags: ['Profilo'],
  summary: 'Carica l’immagine del profilo',
  description:
    'Campo multipart «file»: un’immagine JPEG, PNG o WebP fino a 5 MB, ricodificata a 256 × 256 pixel. «uid» deve essere l’account che chiama (403 altrimenti). Risponde con il nome del file dell’immagine.',
  middleware: [signedInOnly] as const,
  request: {
    params: z.object({ uid: z.string().min(1).max(100) }),
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary' }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonContent(
      z.object({ fileName: z.string(), photoURL: z.string() }).openapi('ImmagineProfilo'),
      'Immagine salvata',
    ),
    ...errorResponses(400, 401, 403, 415, 429),
  },
})

const getProfilePicture = createRoute({
  method: 'get',
  path: '/user/profilepicture/{fileName}',
  tags: ['Profilo'],
  summary: 'Immagine del profilo',
  description: 'L’immagine (WebP, 256 × 256) con il nome restituito dal caricamento.',
  request: { params: z.object({ fileName: z.string().max(100) }) },
  responses: {
    200: fileContent('image/webp', 'Immagine'),
    ...errorResponses(401, 404),
  },
})

const AddressConfirmationSchema = z
  .object({ email: z.string(), confirmed: z.boolean() })
  .openapi('ConfermaIndirizzo')

const addressConfirmation = createRoute({
  method: 'get',
  path: '/user/email-confirmation',
  tags: ['Account'],
  summary: 'Stato della conferma dell’indirizzo email',
  description:
    'Se l’indirizzo dell’account è confermato. Un account creato con il modulo (prova gratuita, registrazione prima dell’acquisto) lo conferma con il collegamento della mail di benvenuto; fino ad allora non può acquistare, cambiare indirizzo o collegare Google e Facebook.',
  middleware: [signedInOnly] as const,
  responses: { 200: jsonContent(AddressConfirmationSchema, 'Stato della conferma'), ...errorResponses(401) },
})

const resendConfirmation = createRoute({
  method: 'post',
  path: '/user/email-confirmation',
  tags: ['Account'],
  summary: 'Invia di nuovo la mail di conferma dell’indirizzo',
  description:
    'Invia all’indirizzo dell’account un nuovo collegamento di conferma (al massimo 5 email all’ora per account); non invia nulla se l’indirizzo è già confermato.',
  middleware: [signedInOnly] as const,
  responses: {
    200: jsonContent(
      AddressConfirmationSchema.extend({ sent: z.boolean() }).openapi('ConfermaIndirizzoInviata'),
      'Esito',
    ),
    ...errorResponses(401, 429),
  },
})

/** The routes, mounted by the API at its base path. */
export function accountRoutes() {
  return createRouter()
    .openapi(abbonamenti, async (c) => {
      c.header('cache-control', 'no-store')
      return c.json(accessStateBody(viewerOf(c).access), 200)
    })
    .openapi(validateSession, (c) => {
      const { session } = signedInOf(c)
      c.header('cache-control', 'no-store')
      return c.json({ valid: true as const, expiresAt: session.expiresAt.toISOString() }, 200)
    })
    .openapi(authenticateNewSession, async (c) => {
      const { session } = signedInOf(c)
      const revokedSessions = await revokeOtherSessions(session.user.id, session.sessionId)
      c.header('cache-control', 'no-store')
      return c.json(
        { valid: true as const, expiresAt: session.expiresAt.toISOString(), revokedSessions },
        200,
      )
    })
    .openapi(trialExpire, async (c) => {
      const { access } = signedInOf(c)
      c.header('cache-control', 'no-store')
      return c.json({ message: access.viewer.trialExpiryMessage ?? null }, 200)
    })
    .openapi(addressConfirmation, async (c) => {
      const { user } = signedInOf(c)
      c.header('cache-control', 'no-store')
      return c.json({ email: user.email, confirmed: await addressConfirmed(user.id) }, 200)
    })
    .openapi(resendConfirmation, async (c) => {
      const { user } = signedInOf(c)
      const { sent, confirmed } = await resendAddressConfirmation(user)
      c.header('cache-control', 'no-store')
      return c.json({ email: user.email, confirmed, sent }, 200)
    })
    .openapi(changePasswordRoute, async (c) => {
      const { session } = signedInOf(c)
      const { revokedSessions } = await changePassword({
        user: session.user,
        sessionId: session.sessionId,
        input: c.req.valid('json'),
      })
      c.header('cache-control', 'no-store')
      return c.json({ ok: true as const, revokedSessions }, 200)
    })
    .openapi(updateProfile, async (c) => {
      const { user } = signedInOf(c)
      const displayName = await updateDisplayName(user.id, c.req.valid('json'))
      c.header('cache-control', 'no-store')
      return c.json({ displayName }, 200)
    })
    .openapi(changeEmailRoute, async (c) => {
      const { user } = signedInOf(c)
      const { email } = await changeEmail({ user, input: c.req.valid('json') })
      c.header('cache-control', 'no-store')
      return c.json({ email }, 200)
    })
    .openapi(uploadProfilePicture, async (c) => {
      const { user } = signedInOf(c)
      const { uid } = c.req.valid('param')
      if (uid !== user.id) throw new AppError('forbidden', it.accounts.picture.notYours)
      const { limiters } = await getAccounts()
      await limiters.pictureUploadsByUser.hit(user.id, it.accounts.tooManyRequests)
      const file: unknown = c.req.valid('form').file
      if (!(file instanceof File)) {
        throw new AppError('bad_request', it.accounts.picture.missing, { field: 'file' })
      }
      // The size is checked before the bytes are read.
      const bytes =
        file.size > PICTURE_MAX_BYTES ? new Uint8Array(file.size) : new Uint8Array(await file.arrayBuffer())
      const { fileName, url } = await saveProfilePicture(user.id, { name: file.name, bytes })
      c.header('cache-control', 'no-store')
      return c.json({ fileName, photoURL: url }, 200)
    })
    .openapi(getProfilePicture, async (c) => {
      const picture = await profilePicture(c.req.valid('param').fileName)
      if (!picture) throw new AppError('not_found', it.accounts.picture.notFound)
      // The name changes with every upload: the picture under a name never changes.
      return c.body(new Uint8Array(picture.content), 200, {
        'content-type': picture.contentType,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      })
    })
}
