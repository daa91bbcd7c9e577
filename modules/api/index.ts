/** The REST API under /api/v1 (Hono with zod-openapi). */

/** Builds the API app; `fetch` answers a Web Request. */
export { createApi, API_BASE, type Api } from './app.ts'
/** Each module's routes as the islands' typed client (`hono/client`) sees them: types only. */
export type {
  AccountsApi,
  AtecoApi,
  BillingApi,
  CcnlApi,
  ErasureApi,
  FeedApi,
  PrivacyApi,
  SignupApi,
  StudioApi,
  SupportApi,
} from './app.ts'
/** The operations an anonymous caller may use, each with the reason it is public. */
export { PUBLIC_OPERATIONS, isPublicOperation, type PublicOperation } from './public-operations.ts'
/** The documented answers of every operation, with the zod schema of each status's body. */
export type { DocumentedAnswers } from './answers.ts'
