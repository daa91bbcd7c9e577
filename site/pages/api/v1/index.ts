import type { APIRoute } from 'astro'
import { api } from '../../../lib/api.ts'

export const ALL: APIRoute = ({ request }) => api.fetch(request)
