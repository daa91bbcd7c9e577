import type { APIRoute } from 'astro'
import { api } from '../../../lib/api.ts'

/** Every /api/v1 request is answered by the Hono API app. */
export const ALL: APIRoute = ({ request }) => api.fetch(request)
