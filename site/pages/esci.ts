import type { APIRoute } from 'astro'
import { signOut } from '#modules/accounts'

/** 'Esci': ends the session and returns to the home page (the shell's sign-out form posts here). */
export const POST: APIRoute = async ({ request }) => {
  const headers = new Headers({ location: '/', 'cache-control': 'no-store' })
  for (const cookie of await signOut(request)) headers.append('set-cookie', cookie)
  return new Response(null, { status: 303, headers })
}

/** Opened directly, the address only leads home: signing out needs the form's POST. */
export const GET: APIRoute = ({ redirect }) => redirect('/', 303)
