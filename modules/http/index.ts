/** What every module's API routes are made with: the router, the error answers, and the caller of the request. */

/** The router factory (Hono with zod-openapi, Italian validation messages) and the error answers every route documents. */
export { createRouter, errorResponses, validationError, ErrorSchema, type ApiEnv } from './router.ts'
/** The repeated pieces of a route declaration: a JSON answer, a JSON body, a file answer, "done", an answer already serialised. */
export { jsonContent, jsonBody, fileContent, OkSchema, serialisedJson } from './declare.ts'
/** The caller of a request, read once into its context by `readViewer`: the session and the entitlements. */
export {
  readViewer,
  viewerOf,
  signedInOf,
  signedInOnly,
  type ApiVariables,
  type Viewer,
  type SignedIn,
} from './viewer.ts'
