/** Sign-up: the trial sign-up, the sign-up before purchase and the completion of a Google or Facebook sign-up. */

/** E-mail sign-ups (generated password, welcome mail, marketing contact, signed in). */
export {
  registerTrial,
  registerForPurchase,
  TRIAL_PRODUCT,
  type RegisterTrialResult,
} from './register-trial.ts'
/** Completing a social sign-up (profession, marketing contact, welcome mail). */
export { completeSocialSignup, type CompleteSocialSignupResult } from './complete-social-signup.ts'
/** The pages an account may see before it completes its social sign-up. */
export { socialSetupRedirect } from './social-setup-gate.ts'
/** Input schemas of the sign-up calls. */
export {
  trialSignupSchema,
  trialSignupBodySchema,
  socialSetupSchema,
  type TrialSignupInput,
} from './schemas.ts'
