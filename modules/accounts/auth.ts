/**
 * The better-auth instance of the subscribers: e-mail and password, sessions
 * in Postgres, single session per account, failed-login limits, password
 * reset through the mail outbox.
 */
import { createHmac } from 'node:crypto'
import { betterAuth } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { trustedOrigins, type Env, type Limiter } from '../platform/index.ts'
import { CLIENT_IP_HEADER, clientIpOf } from './client-ip.ts'
import { PASSWORD_MIN_LENGTH, passwordProblem } from './password.ts'
import { createLoginThrottle, pause, type LoginAttempt } from './login-throttle.ts'
import { emailKey, type Limiters } from './rate-limits.ts'
import { socialSignIn } from './social.ts'
import { trialEnd } from './trial.ts'
import { tokenDigest } from './verification-tokens.ts'
import { forgetViewers } from './viewer-cache.ts'

/** Where better-auth answers. */
export const AUTH_BASE_PATH = '/api/auth'
/** A remembered session lasts 30 days and is extended once a day while used. */
export const SESSION_DAYS = 30
/** Prefix of the session cookies (`bancadati.session_token`; `__Secure-` is added on https). */
export const COOKIE_PREFIX = 'bancadati'
/** Validity of a password-reset link. */
export const RESET_LINK_MINUTES = 60
/** The page the reset mail links to, with the token as `oobCode`. */
export const RESET_PAGE_PATH = '/reimposta-password/'
/** Validity of the link that confirms an account's e-mail address (welcome mail, resent mail). */
export const ADDRESS_CONFIRMATION_DAYS = 7

/** The window of better-auth's own flood limits, in seconds. */
export const AUTH_FLOOD_WINDOW_SECONDS = 60

/** Table names of the auth data (snake_case, prefixed so they never meet Payload's `users`). */
export const authTables = {
  user: 'auth_users',
  session: 'auth_sessions',
  account: 'auth_accounts',
  verification: 'auth_verifications',
  rateLimit: 'auth_rate_limits',
} as const

/** Error codes the portal itself puts in auth responses (their messages are already Italian). */
export const ownAuthErrorCodes = {
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  weakPassword: 'PASSWORD_RULES',
} as const

export type AuthDependencies = {
  pool: Pool
  limiters: Limiters
  env: Env
  logger: Logger
}

/** better-auth's signing secret, derived from the portal's secret (one secret to configure, independent keys). */
function authSecret(env: Env): string {
  return createHmac('sha256', env.payloadSecret).update('bancadati:better-auth').digest('hex')
}

/** The reset page's link for a reset token. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PAGE_PATH}?oobCode=${encodeURIComponent(token)}`
}

const passwordPaths = new Set(['/reset-password', '/change-password', '/set-password'])

/**
 * better-auth's routes that check the signed-in account's current password: they share the limit of
 * the portal's own password checks (`passwordChecksByUser`, profile.ts), counted before the check.
 */
const accountPasswordChecks = new Set(['/verify-password'])

/** The account and the client address of a sign-in request. */
function signInAttempt(ctx: { headers?: Headers; body?: unknown }): LoginAttempt {
  const email = (ctx.body as { email?: unknown } | undefined)?.email
  return { email: typeof email === 'string' ? email : '', ip: clientIpOf(ctx.headers ?? new Headers()) }
}

/** Answers of a sign-in that say the e-mail or the password was wrong (or not given). */
const isCredentialFailure = (status: number) => status === 400 || status === 401

/** A refusal of better-auth's routes: 429, the portal's code and Italian message, and how long to wait. */
function tooManyAuthRequests(code: string, message: string, retryAfterSeconds: number): APIError {
  return new APIError('TOO_MANY_REQUESTS', { code, message }, { 'Retry-After': String(retryAfterSeconds) })
}

/** Counts one event of `key` before the work; beyond the limit, better-auth's 429 with `code` and `message`. */
async function takeOrRefuse(limiter: Limiter, key: string, code: string, message: string): Promise<void> {
  const counted = await limiter.take(key)
  if (!counted.allowed) throw tooManyAuthRequests(code, message, counted.retryAfterSeconds)
}

/** Builds the auth instance on a pool. */
export function createAuth({ pool, limiters, env, logger }: AuthDependencies) {
  const log = logger.child({ module: 'accounts' })
  const throttle = createLoginThrottle(limiters)

  /** The signed-in account of a request to better-auth (none: better-auth answers 401 itself). */
  const sessionUserId = async (ctx: Parameters<typeof getSessionFromCtx>[0]) =>
    (await getSessionFromCtx(ctx, { disableRefresh: true }))?.user.id

  const before = createAuthMiddleware(async (ctx) => {
    const ip = clientIpOf(ctx.headers ?? new Headers())
    if (ctx.path === '/sign-in/email') {
      const attempt = signInAttempt(ctx)
      // Counted as a failure before better-auth checks the password (login-throttle.ts).
      const decision = await throttle.begin(attempt)
      if (decision.kind === 'refuse') {
        log.warn({ ip: attempt.ip, reason: decision.reason }, 'Accesso sospeso: troppi tentativi falliti')
        throw tooManyAuthRequests(
          ownAuthErrorCodes.tooManyAttempts,
          it.accounts.login.tooManyAttempts,
          decision.retryAfterSeconds,
        )
      }
      // An account under attack: every sign-in on it waits a little, the owner's too, none is refused.
      await pause(decision.delayMs)
      return
    }
    if (accountPasswordChecks.has(ctx.path)) {
      const userId = await sessionUserId(ctx)
      if (!userId) return
      await takeOrRefuse(
        limiters.passwordChecksByUser,
        userId,
        ownAuthErrorCodes.tooManyAttempts,
        it.accounts.passwordChange.tooManyAttempts,
      )
      return
    }
    if (ctx.path === '/request-password-reset') {
      const email = emailKey(String((ctx.body as { email?: unknown } | undefined)?.email ?? ''))
      for (const [limiter, key] of [
        [limiters.resetRequestsByIp, ip],
        [limiters.resetRequestsByEmail, email],
      ] as const)
        await takeOrRefuse(limiter, key, ownAuthErrorCodes.tooManyRequests, it.accounts.reset.tooManyRequests)
      return
    }
    if (passwordPaths.has(ctx.path)) {
      const candidate = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword
      const problem = passwordProblem(typeof candidate === 'string' ? candidate : '')
      if (problem)
        throw new APIError('BAD_REQUEST', { code: ownAuthErrorCodes.weakPassword, message: problem })
    }
  })

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned
    if (accountPasswordChecks.has(ctx.path)) {
      // Only a wrong password stays counted; a right one (or a check that never ran) gives its count back.
      if (isAPIError(returned) && returned.statusCode === 400) return
      const userId = await sessionUserId(ctx)
      if (userId) await limiters.passwordChecksByUser.giveBack(userId)
      return
    }
    if (ctx.path !== '/sign-in/email') return
    const attempt = signInAttempt(ctx)
    if (isAPIError(returned)) {
      // A refused origin or a flood limit is not a wrong password: answered as it is, never counted.
      if (!isCredentialFailure(returned.statusCode)) {
        await throttle.abandoned(attempt)
        return
      }
      // Unknown e-mail, wrong password, malformed input: counted alike (before the check) and answered alike.
      throw new APIError('UNAUTHORIZED', {
        code: ownAuthErrorCodes.invalidCredentials,
        message: it.accounts.login.failed,
      })
    }
    await throttle.succeeded(attempt)
  })

  // Google and Facebook (when configured), the setup mark of social accounts, account linking.
  const social = socialSignIn(env)

  return betterAuth({
    appName: it.site.name,
    baseURL: env.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(env),
    database: pool,
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    // No level: better-auth then also leaves the console alone for errors it answers itself.
    logger: {
      log: (level, message, ...args) => {
        const context = args.length > 0 ? { details: args } : {}
        if (level === 'error') log.error(context, message)
        // Warnings are per request ('User not found', 'Invalid password'): kept, at info level.
        else if (level === 'warn') log.info(context, message)
        else log.debug(context, message)
      },
    },
    emailAndPassword: {
      enabled: true,
      // Accounts by e-mail are created by the portal's use cases (generated password, welcome mail).
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Whoever chose the new password owns the account: the guesses counted against it are forgotten,
      // and the address the link was mailed to is confirmed, as the welcome mail's link would confirm it.
      onPasswordReset: async ({ user }) => {
        await throttle.forgetAccount(user.email)
        await pool.query(`update ${authTables.user} set email_verified = true where id = $1 and email = $2`, [
          user.id,
          user.email,
        ])
      },
      sendResetPassword: async ({ user, token }) => {
        await enqueueMail(pool, {
          to: user.email,
          template: 'passwordReset',
          data: {
            name: user.name || undefined,
            email: user.email,
            resetUrl: resetLink(env.publicUrl, token),
            validForMinutes: RESET_LINK_MINUTES,
          },
          dedupeKey: `password-reset:${tokenDigest(token)}`,
        })
      },
    },
    // Accounts created by e-mail start unconfirmed; the link of their welcome mail confirms the address
    // (address-confirmation.ts makes it and answers it). Until then they cannot buy, change their address
    // or be linked to a provider.
    emailVerification: {
      expiresIn: ADDRESS_CONFIRMATION_DAYS * 24 * 60 * 60,
      autoSignInAfterVerification: false,
      afterEmailVerification: async (user) => {
        // The checkout that waits for the confirmation sees it at its next look, not after the cache's seconds.
        forgetViewers()
        log.info({ userId: user.id }, 'Indirizzo email confermato')
      },
    },
    user: {
      modelName: authTables.user,
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        firstName: { type: 'string', required: false, fieldName: 'first_name', input: true },
        lastName: { type: 'string', required: false, fieldName: 'last_name', input: true },
        profession: { type: 'string', required: false, fieldName: 'profession', input: true },
        accountType: {
          type: 'string',
          required: true,
          fieldName: 'account_type',
          defaultValue: 'trial',
          input: false,
        },
        trialEndsAt: {
          type: 'date',
          required: false,
          fieldName: 'trial_ends_at',
          defaultValue: () => trialEnd(new Date()),
          input: false,
        },
      },
    },
    session: {
      modelName: authTables.session,
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      // Every request reads the session from the database, so a session ended elsewhere ends at once.
      cookieCache: { enabled: false },
    },
    account: {
      accountLinking: social.accountLinking,
      modelName: authTables.account,
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: authTables.verification,
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      // Reset tokens and sign-in states are stored as their SHA-256 (verification-tokens.ts): a copy
      // of the database never holds a usable link.
      storeIdentifier: 'hashed',
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: authTables.rateLimit,
      fields: { lastRequest: 'last_request' },
      window: AUTH_FLOOD_WINDOW_SECONDS,
      max: env.AUTH_REQUESTS_PER_MINUTE,
      customRules: {
        // Failed logins have their own throttle (login-throttle.ts): this only stops floods.
        '/sign-in/email': { window: AUTH_FLOOD_WINDOW_SECONDS, max: env.AUTH_SIGN_INS_PER_MINUTE },
        '/request-password-reset': { window: AUTH_FLOOD_WINDOW_SECONDS, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { joins: true },
    },
    // The password is changed through /api/v1/user/change-password (which also ends the other sessions),
    // the profile through /api/v1/user/profile and the picture upload (validated, re-encoded): better-auth's
    // own endpoints for them would skip those rules.
    disabledPaths: ['/sign-up/email', '/change-password', '/update-user', '/change-email', '/delete-user'],
    databaseHooks: {
      session: {
        create: {
          // Single session: a new sign-in ends the account's other sessions.
          after: async (session) => {
            await pool.query(`delete from ${authTables.session} where user_id = $1 and id <> $2`, [
              session.userId,
              session.id,
            ])
          },
        },
      },
    },
    hooks: { before, after },
    plugins: social.plugins,
  })
}

export type Auth = ReturnType<typeof createAuth>
