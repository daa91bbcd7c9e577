/** The REST API under /api/v1 (Hono with zod-openapi). */

/** Builds the API app; `fetch` answers a Web Request. */
export { createApi, API_BASE, type Api } from './app.ts'
/** Router factory and helpers every module's routes use. */
export { createRouter, errorResponses, validationError, ErrorSchema, type ApiEnv } from './router.ts'
