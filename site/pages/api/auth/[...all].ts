import type { APIRoute } from 'astro'
import { handleAuthRequest } from '#modules/accounts'

/** Every /api/auth request is answered by better-auth (sign-in, sign-out, password reset, sessions). */
export const ALL: APIRoute = ({ request }) => handleAuthRequest(request)
