/**
 * The client's address, as the site's middleware saw it. The middleware
 * overwrites this header on every request with the connection's address, so a
 * value sent by the client itself is never trusted.
 */

/** Request header carrying the client address from the site middleware to the auth handler and the API. */
export const CLIENT_IP_HEADER = 'x-bancadati-client-ip'

/** The client address of a request, or 'sconosciuto' when the middleware did not set it. */
export function clientIpOf(headers: Headers): string {
  const value = headers.get(CLIENT_IP_HEADER)?.trim()
  return value ? value.replace(/^::ffff:/, '') : 'sconosciuto'
}
