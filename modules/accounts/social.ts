/**
 * Sign-in with Google and Facebook. Both run on better-auth's generic OAuth
 * plugin, so their endpoints come from the settings: Google's OpenID
 * configuration (or another issuer's, such as the local test server) and
 * Facebook's dialog, token and Graph profile endpoints. A provider is offered
 * when its client id and secret are set; in embedded mode a provider without
 * them is played by the local test provider ('Fornitore di prova',
 * dev/oidc-emulator) that the portal starts on loopback, so `npm start`
 * shows and runs the whole flow. Production mode offers only providers with
 * keys. An account created through a
 * provider is a 7-day trial account that still has to complete its
 * registration (the profession) on /registrati/setupsocial.
 */
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { genericOAuth, type GenericOAuthConfig, type GenericOAuthUserInfo } from 'better-auth/plugins'
import { it } from '../i18n/index.ts'
import { getEnv, type Env } from '../platform/index.ts'

/** The sign-in providers the portal knows, in the order their buttons are shown. */
export const socialProviderIds = ['google', 'facebook'] as const
export type SocialProviderId = (typeof socialProviderIds)[number]

/** Where Google publishes its OpenID configuration. */
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'
/** Facebook's endpoints (Graph API version of the login dialog, token exchange and profile). */
export const FACEBOOK_ENDPOINTS = {
  authorization: 'https://www.facebook.com/v24.0/dialog/oauth',
  token: 'https://graph.facebook.com/v24.0/oauth/access_token',
  userInfo: 'https://graph.facebook.com/v24.0/me',
} as const
/** The profile fields read from Facebook. */
const FACEBOOK_FIELDS = 'id,name,email,first_name,last_name,picture'

/** The page a new social account completes its registration on. */
export const SOCIAL_SETUP_PATH = '/registrati/setupsocial'

/** True when the provider's client id and secret are set. */
function hasKeys(env: Env, id: SocialProviderId): boolean {
  return id === 'google'
    ? Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    : Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET)
}

/** The test provider's issuer when it plays `id` (embedded mode, no keys for it), else undefined. */
function testIssuerFor(env: Env, id: SocialProviderId): string | undefined {
  return hasKeys(env, id) ? undefined : env.testSignInIssuer
}

/** The portal's client at the test provider for each provider it plays. */
const TEST_CLIENTS = {
  google: { clientId: 'bancadati-google-prova', clientSecret: 'fornitore-di-prova' },
  facebook: { clientId: 'bancadati-facebook-prova', clientSecret: 'fornitore-di-prova' },
} as const

/** The providers offered, in button order: those with keys, and in embedded mode the others played by the test provider. */
export function configuredSocialProviders(env: Env = getEnv()): SocialProviderId[] {
  return socialProviderIds.filter((id) => hasKeys(env, id) || testIssuerFor(env, id) !== undefined)
}

/**
 * Embedded mode: the test provider to start and the clients it serves (the
 * providers without keys, returning to this portal's addresses), or undefined.
 */
export function testSignInProvider(
  env: Env,
  origins: readonly string[],
): { issuer: string; clients: { clientId: string; name: string; redirectUris: string[] }[] } | undefined {
  const played = socialProviderIds.filter((id) => testIssuerFor(env, id) !== undefined)
  if (!env.testSignInIssuer || played.length === 0) return undefined
  return {
    issuer: env.testSignInIssuer,
    clients: played.map((id) => ({
      clientId: TEST_CLIENTS[id].clientId,
      name: it.accounts.social.providers[id],
      redirectUris: origins.map((origin) => socialCallbackUrl(origin, id)),
    })),
  }
}

/** The code of the refusal to link a provider to an account whose address is not confirmed. */
export const ADDRESS_NOT_CONFIRMED = 'ADDRESS_NOT_CONFIRMED'

/** better-auth's `error` when a provider's address belongs to an account it may not sign into (not confirmed). */
const NOT_LINKED_ERROR = 'account_not_linked'
/** OAuth's `error` when the visitor refused at the provider ('Annulla'). */
const CANCELLED_ERROR = 'access_denied'

/**
 * The Italian message for the `error` a provider sign-in came back with
 * (shown by /accedi, /registrati and the sign-up before purchase), or undefined.
 */
export function socialFailureMessage(error: string | null, mode: 'login' | 'signup'): string | undefined {
  if (!error) return undefined
  const t = it.accounts.social
  if (error === NOT_LINKED_ERROR) return t.notLinked
  if (error === CANCELLED_ERROR) return t.cancelled[mode]
  if (/email/i.test(error)) return t.noEmail
  return mode === 'login' ? t.loginFailed : t.signupFailed
}

/** The address providers send the browser back to (register it in the provider's console). */
export function socialCallbackUrl(publicUrl: string, provider: SocialProviderId): string {
  return `${publicUrl}/api/auth/callback/${provider}`
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** Google and any OpenID issuer: identity from the verified id_token, names from its claims. */
function googleProvider(env: Env): GenericOAuthConfig<SocialProviderId> {
  const testIssuer = testIssuerFor(env, 'google')
  return {
    providerId: 'google',
    name: 'Google',
    clientId: testIssuer ? TEST_CLIENTS.google.clientId : (env.GOOGLE_CLIENT_ID ?? ''),
    clientSecret: testIssuer ? TEST_CLIENTS.google.clientSecret : (env.GOOGLE_CLIENT_SECRET ?? ''),
    discoveryUrl: testIssuer
      ? `${testIssuer}/.well-known/openid-configuration`
      : (env.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL),
    requireIdTokenVerification: true,
    scopes: ['openid', 'email', 'profile'],
    prompt: 'select_account',
    mapProfileToUser: (profile) => ({
      firstName: text(profile.given_name),
      lastName: text(profile.family_name),
    }),
  }
}

type FacebookProfile = {
  id?: string
  name?: string
  email?: string
  first_name?: string
  last_name?: string
  picture?: { data?: { url?: string } }
}

/** Facebook: an OAuth code flow, the profile from the Graph API with the access token. */
function facebookProvider(env: Env): GenericOAuthConfig<SocialProviderId> {
  const testIssuer = testIssuerFor(env, 'facebook')
  const userInfoUrl = testIssuer
    ? `${testIssuer}/userinfo`
    : (env.FACEBOOK_USERINFO_URL ?? FACEBOOK_ENDPOINTS.userInfo)
  return {
    providerId: 'facebook',
    name: 'Facebook',
    clientId: testIssuer ? TEST_CLIENTS.facebook.clientId : (env.FACEBOOK_CLIENT_ID ?? ''),
    clientSecret: testIssuer ? TEST_CLIENTS.facebook.clientSecret : (env.FACEBOOK_CLIENT_SECRET ?? ''),
    authorizationUrl: testIssuer
      ? `${testIssuer}/authorize`
      : (env.FACEBOOK_AUTHORIZATION_URL ?? FACEBOOK_ENDPOINTS.authorization),
    tokenUrl: testIssuer ? `${testIssuer}/token` : (env.FACEBOOK_TOKEN_URL ?? FACEBOOK_ENDPOINTS.token),
    userInfoUrl,
    scopes: ['email', 'public_profile'],
    // Facebook's web login takes no PKCE challenge.
    pkce: false,
    accountSubject: ({ profile }) => String(profile.id ?? ''),
    getUserInfo: async (tokens): Promise<GenericOAuthUserInfo | null> => {
      if (!tokens.accessToken) return null
      const url = new URL(userInfoUrl)
      url.searchParams.set('fields', FACEBOOK_FIELDS)
      const response = await fetch(url, { headers: { authorization: `Bearer ${tokens.accessToken}` } })
      if (!response.ok) return null
      const profile = (await response.json()) as FacebookProfile
      if (!profile.id || !text(profile.email)) return null
      return {
        id: profile.id,
        email: text(profile.email),
        name: text(profile.name) ?? '',
        image: profile.picture?.data?.url,
        // Facebook does not say whether the address was confirmed: a new account confirms it by mail, and an
        // existing account is never linked on its word (see socialSignIn).
        emailVerified: false,
        first_name: profile.first_name,
        last_name: profile.last_name,
      }
    },
    mapProfileToUser: (profile) => ({
      firstName: text(profile.first_name),
      lastName: text(profile.last_name),
    }),
  }
}

/** A session that is not remembered ends in the database after one day, as after a password sign-in. */
const UNREMEMBERED_SESSION_SECONDS = 24 * 60 * 60

type HookContext =
  | {
      path?: string
      getSignedCookie?: (name: string, secret: string) => Promise<string | null | false | undefined>
      context?: { secret: string; authCookies: { dontRememberToken: { name: string } } }
    }
  | null
  | undefined

/** True when the provider sign-in that is finishing was started with 'Ricordami' unticked. */
async function signInNotRemembered(context: HookContext): Promise<boolean> {
  if (!context?.path?.startsWith('/callback/') || !context.getSignedCookie || !context.context) return false
  const { secret, authCookies } = context.context
  return Boolean(await context.getSignedCookie(authCookies.dontRememberToken.name, secret))
}

/** True when better-auth creates the account while finishing a provider sign-in. */
function createdBySocialSignIn(context: HookContext): boolean {
  const path = context?.path ?? ''
  return path.startsWith('/callback/') || path === '/sign-in/social'
}

/**
 * The 'registration not completed' mark of social accounts: a column of the
 * accounts (`social_setup_pending`), set when a provider sign-in creates the
 * account and cleared by /registrati/setupsocial.
 */
const socialSetup = {
  id: 'bancadati-social-setup',
  schema: {
    user: {
      fields: {
        socialSetupPending: {
          type: 'boolean',
          required: false,
          defaultValue: false,
          input: false,
          fieldName: 'social_setup_pending',
        },
      },
    },
  },
  // better-auth allows 3 sign-ins per 10 seconds from one address; starting a provider sign-in and
  // its return are cheap and two of them make one sign-in: the limit of password sign-ins applies.
  rateLimit: [
    {
      pathMatcher: (path: string) => path === '/sign-in/social' || path.startsWith('/callback/'),
      window: 60,
      max: 30,
    },
  ],
  hooks: {
    before: [
      {
        // Linking a provider while signed in vouches for the account's address: not before it is confirmed.
        matcher: (context) => context.path === '/link-social',
        handler: createAuthMiddleware(async (ctx) => {
          const session = await getSessionFromCtx(ctx)
          if (session && !session.user.emailVerified) {
            throw new APIError('FORBIDDEN', {
              code: ADDRESS_NOT_CONFIRMED,
              message: it.accounts.addressConfirmation.required,
            })
          }
        }),
      },
    ],
    after: [
      {
        // 'Ricordami' travels through the provider as better-auth's signed 'dont_remember' cookie, which
        // its callback reads to set a browser-session cookie; a remembered start clears an old one.
        matcher: (context) => context.path === '/sign-in/social',
        handler: createAuthMiddleware(async (ctx) => {
          const body = ctx.body as { additionalData?: { rememberMe?: unknown } } | undefined
          const cookie = ctx.context.authCookies.dontRememberToken
          if (body?.additionalData?.rememberMe === false) {
            await ctx.setSignedCookie(cookie.name, 'true', ctx.context.secret, cookie.attributes)
          } else {
            ctx.setCookie(cookie.name, '', { ...cookie.attributes, maxAge: 0 })
          }
        }),
      },
    ],
  },
  init: () => ({
    options: {
      databaseHooks: {
        user: {
          create: {
            before: async (user: Record<string, unknown>, context: HookContext) =>
              createdBySocialSignIn(context) ? { data: { ...user, socialSetupPending: true } } : undefined,
          },
        },
        session: {
          create: {
            before: async (session: Record<string, unknown>, context: HookContext) =>
              (await signInNotRemembered(context))
                ? {
                    data: {
                      ...session,
                      expiresAt: new Date(Date.now() + UNREMEMBERED_SESSION_SECONDS * 1000),
                    },
                  }
                : undefined,
          },
        },
      },
    },
  }),
} satisfies BetterAuthPlugin

/**
 * What the better-auth instance adds for social sign-in: the providers (only
 * the configured ones), the setup mark, and account linking: a provider
 * sign-in with the e-mail of an existing account signs into that account only
 * when both sides have proved the address: the provider vouches for it
 * (Google's `email_verified` claim in its signed id_token) and the account's
 * own address is confirmed (anyone may sign up with any address; the welcome
 * mail's link proves it). No provider is trusted by name: Facebook never says
 * whether it checked an address, so it never links to an existing account.
 * Otherwise the sign-in comes back with `error=account_not_linked`
 * (socialFailureMessage asks for the account's password first) and the
 * account is left as it was.
 */
export function socialSignIn(env: Env) {
  const configured = configuredSocialProviders(env)
  const providers = configured.map((id) => (id === 'google' ? googleProvider(env) : facebookProvider(env)))
  return {
    plugins: providers.length > 0 ? [genericOAuth({ config: providers }), socialSetup] : [socialSetup],
    accountLinking: {
      enabled: true,
      // Trusted by what it says of the address (email_verified), never by its name.
      trustedProviders: [],
      // Only an address the account holder has proved links: by the link of the welcome mail (or of the
      // confirmation mail after an e-mail change), a Studio invitation, or a provider that vouches for it.
      requireLocalEmailVerified: true,
      allowDifferentEmails: false,
    },
  }
}
