/** Subscriber accounts: better-auth, sessions, entitlements, profiles, the account's own tables. */

/** The better-auth instance (Postgres, e-mail and password) and its settings. */
export { getAuth, getAccounts, getAccountsPool, type AccountsRuntime } from './runtime.ts'
/** A rate limiter on the accounts pool for the modules built on accounts (sign-ups, contact calls). */
export { limiterOnAccountsPool } from './runtime.ts'
export {
  AUTH_BASE_PATH,
  COOKIE_PREFIX,
  SESSION_DAYS,
  RESET_LINK_MINUTES,
  authTables,
  type Auth,
} from './auth.ts'
/** Answers /api/auth/* with Italian errors in the portal's error shape. */
export { handleAuthRequest, authErrorMessage } from './handler.ts'
/** Sessions and subscriptions remembered for a few seconds (turned on by the server). */
export { enableViewerCache, forgetViewers, viewerCache, VIEWER_CACHE_TTL_MS } from './viewer-cache.ts'
/** The session of a request (one query, none without a session cookie), sign-out and session revocation. */
export {
  sessionOf,
  sessionOfCookie,
  hasSessionCookie,
  sessionCookieValue,
  signOut,
  revokeOtherSessions,
  revokeAllSessions,
  type CurrentSession,
  type SessionLookup,
  type SignedInUser,
} from './session.ts'
/** Accounts with a live session (counted at most once a minute), for the metrics. */
export { signedInUsers, SIGNED_IN_COUNT_TTL_MS } from './signed-in-users.ts'
/** The one entitlements function and its types. */
export {
  entitlementsOf,
  grantsAccess,
  trialActive,
  type AccessState,
  type Entitlements,
  type Plan,
  type SubscriptionAccess,
  type SubscriptionStatus,
  type VisitorKind,
} from './entitlements.ts'
/** Google and Facebook sign-in: the offered providers, the embedded test provider's clients, their callback address, the set-up page. */
export {
  configuredSocialProviders,
  testSignInProvider,
  socialCallbackUrl,
  socialProviderIds,
  GOOGLE_DISCOVERY_URL,
  FACEBOOK_ENDPOINTS,
  SOCIAL_SETUP_PATH,
  socialFailureMessage,
  type SocialProviderId,
} from './social.ts'
/** Confirming an account's e-mail address: the link of the welcome mail, the page's confirmation, resends, the 403 guard. */
export {
  ADDRESS_CONFIRMATION_PATH,
  ADDRESS_CONFIRMATION_MINUTES,
  addressConfirmationLink,
  addressConfirmed,
  assertAddressConfirmed,
  confirmAddress,
  resendAddressConfirmation,
  type AddressConfirmationResult,
} from './address-confirmation.ts'
/** The account side of completing a social sign-up, in the caller's transaction. */
export { completeSocialSetup, signupProviderOf } from './social-setup.ts'
/** Who accounts are, for modules that keep account ids in their tables: batched by id, by address, by a search; their access states. */
export {
  usersByIds,
  userById,
  userIdByEmail,
  userIdsMatching,
  accessStatesByIds,
  type AccountContact,
} from './directory.ts'
/** Accounts with e-mail and password written in the caller's transaction (the sign-up paths). */
export { insertAccount, inTransaction, hashPassword, findAccountByEmail, type NewAccount } from './users.ts'
/** Passwords: the generated one and the rules of a chosen one (8 to 20 characters, no spaces). */
export {
  generatePassword,
  passwordSchema,
  passwordProblem,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  GENERATED_PASSWORD_LENGTH,
} from './password.ts'
/** Whether a password-reset link (`oobCode`) can still be used. */
export { resetTokenUsable } from './reset.ts'
/** `returnUrl` of the login page: same-site paths only. */
export { safeReturnUrl, HOME_AFTER_LOGIN } from './return-url.ts'
/** The profession lists (trial and checkout) and their labels. */
export {
  trialProfessions,
  checkoutProfessions,
  professionOptions,
  professionLabel,
  professionSchema,
  PROFESSION_PLACEHOLDER,
  type Profession,
  type TrialProfession,
  type CheckoutProfession,
} from './professions.ts'
/** Input schemas shared with the sign-up and contact calls: e-mail, a person's name, an optional profession. */
export { emailSchema, personNameSchema, optionalProfession } from './schemas.ts'
/** The free trial's length and the top bar's message about its end. */
export { TRIAL_DAYS, trialEnd, trialExpiryMessage, romeDay, calendarDaysBetween } from './trial.ts'
/** Rate limits (failed logins, reset mails, password checks, pictures, mail calls). */
export { limitRules, emailKey, type LimitName } from './rate-limits.ts'
/** Failed sign-ins: the address that keeps failing waits, the account under attack is slowed down, never locked. */
export { LOGIN_WINDOW_SECONDS, loginThrottlePolicy, loginDecision, loginDelayMs } from './login-policy.ts'
export { editorLoginThrottle, pause, type LoginAttempt, type LoginThrottle } from './login-throttle.ts'
/** The client address header set by the site middleware. */
export { CLIENT_IP_HEADER, clientIpOf } from './client-ip.ts'
/** The SQL of the accounts tables, applied by the migrations `20261122_235920_accounts`, `20261123_120000_profile_pictures` and `20261123_120000_social_signin`, `20261127_040000_account_erasure`, `20261207_160000_hashed_verifications`. */
export {
  accountsSchemaV1,
  accountsSchemaV2,
  socialSignInSchemaV1,
  accountErasureSchemaV1,
  hashedVerificationsV1,
} from './sql.ts'
/** The signed-in account's settings: password change, display name, e-mail change and its undo link. */
export {
  changePassword,
  updateDisplayName,
  changeEmail,
  pendingEmailUndo,
  undoEmailChange,
  emailUndoLink,
  EMAIL_UNDO_MINUTES,
  EMAIL_UNDO_PATH,
  type EmailUndoResult,
} from './profile.ts'
/** Input schemas of the profile calls. */
export {
  changePasswordSchema,
  displayNameSchema,
  changeEmailSchema,
  type ChangePasswordInput,
  type ChangeEmailInput,
} from './profile-schemas.ts'
/** Profile pictures: checked, re-encoded at 256x256 and stored in Postgres. */
export {
  encodePicture,
  saveProfilePicture,
  profilePicture,
  pictureUrl,
  PICTURE_MAX_BYTES,
  PICTURE_SIZE,
} from './picture.ts'
/** The profile's reading of a subscription (plan name, period end, renewal, Studio). */
export { summarizeSubscription, type SubscriptionSummary } from './subscription-summary.ts'
/** Trial-expiry reminders (two days before and on the day), sent through the outbox once per account and day. */
export { sendTrialReminders, trialReminderKey, TRIAL_REMINDER_DAYS } from './trial-reminders.ts'
/** Deleting an account: proving it is the holder (password or mailed code), the account's own data erased, every session ended. */
export {
  erasableAccount,
  verifyErasurePassword,
  sendErasureCode,
  verifyErasureCode,
  eraseAccountData,
  erasedEmail,
  ERASURE_CODE_MINUTES,
  ERASED_EMAIL_DOMAIN,
  type ErasableAccount,
} from './erase-account.ts'
/** Operators: find subscribers by e-mail, see one account with its sessions. */
export {
  findSubscribers,
  subscriberDetails,
  type SubscriberListItem,
  type SubscriberSession,
  type SubscriberDetails,
} from './operators.ts'
/** The account's own rows for the data export (profile, sign-in methods, sessions, picture). */
export { exportAccountData, type AccountDataExport } from './export-account-data.ts'
/** Retention: ended sessions, expired tokens and limiter rows, unconfirmed trial accounts after 30 days. */
export { purgeAccountRows, UNCONFIRMED_TRIAL_DAYS, type AccountsPurge } from './retention.ts'
