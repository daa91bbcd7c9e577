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

/**
 * The client's address: the connection's, or behind a configured proxy
 * (TRUST_PROXY) the first X-Forwarded-For address, which that proxy wrote.
 * Without a proxy the header is the client's own word and is ignored.
 */
export function clientAddressOf(
  trustProxy: boolean,
  forwardedFor: string | null,
  connection: string,
): string {
  const first = forwardedFor?.split(',')[0]?.trim()
  return trustProxy && first ? first : connection
}
