/**
 * The client's address behind the portal's reverse proxies, for the rate
 * limits and the lock-outs. Each proxy appends to `X-Forwarded-For` the
 * address it received the request from, so the list reads from the client
 * (left) to the last proxy (right), and only the entries written by proxies
 * the portal trusts can be believed: anything further left is whatever the
 * client chose to send. The address is therefore taken from the right:
 *
 * - no proxy (`TRUST_PROXY` unset or `false`, no `TRUSTED_PROXIES`): the
 *   connection's address; the header is ignored;
 * - `TRUST_PROXY=N` (`true` is 1): N proxies stand in front of the portal, so
 *   the address is the one the outermost of them wrote: the N-th entry from
 *   the right (counting the connection as the entry 0);
 * - `TRUSTED_PROXIES=<addresses and ranges>`: starting from the connection,
 *   every trusted address is skipped leftwards; the first one not trusted is
 *   the client's.
 *
 * An entry that is not an IP address (a proxy's 'unknown', a client's junk)
 * ends the walk: the address on its right, which a trusted proxy wrote, is used.
 */
import { BlockList, isIP } from 'node:net'

/** How far `X-Forwarded-For` is believed: no proxy, a number of proxies, or the proxies' own addresses. */
export type ProxyTrust =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; trusted: (address: string) => boolean }

/** Named ranges a `TRUSTED_PROXIES` entry may use instead of addresses. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** The problem with one `TRUSTED_PROXIES` entry, in Italian, or undefined when it is an address, a range or a name. */
export function trustedProxyProblem(entry: string): string | undefined {
  if (entry in NAMED_RANGES) return undefined
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  const maxPrefix = family === 6 ? 128 : 32
  const validPrefix =
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix && rest.length === 0)
  if (family !== 0 && validPrefix) return undefined
  return `'${entry}' non è un indirizzo IP, un intervallo (es. 10.0.0.0/8) né uno fra ${Object.keys(NAMED_RANGES).join(', ')}`
}

/** The address without IPv6 brackets, a port, or the IPv4-mapped prefix; '' when it is not an IP address. */
export function plainAddress(value: string): string {
  let text = value.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1] ?? ''
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  text = text.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  return isIP(text) === 0 ? '' : text
}

/** A test of membership in the given addresses, ranges and named ranges (entries already validated). */
function trustedAddresses(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList()
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return (address) => {
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
  }
}

/** The trust of a configuration: `TRUST_PROXY`'s number of proxies or `TRUSTED_PROXIES`'s addresses (env.ts refuses both). */
export function proxyTrustOf(settings: {
  TRUST_PROXY: number
  TRUSTED_PROXIES: readonly string[]
}): ProxyTrust {
  if (settings.TRUSTED_PROXIES.length > 0)
    return { kind: 'addresses', trusted: trustedAddresses(settings.TRUSTED_PROXIES) }
  if (settings.TRUST_PROXY > 0) return { kind: 'hops', hops: settings.TRUST_PROXY }
  return { kind: 'none' }
}

/**
 * The client's address from the connection's and the `X-Forwarded-For`
 * header (several headers joined with commas), under `trust` (see the top of this file).
 */
export function clientAddressOf(trust: ProxyTrust, forwardedFor: string | null, connection: string): string {
  const own = plainAddress(connection) || connection
  if (trust.kind === 'none' || !forwardedFor) return own
  // From the connection (right) towards the client (left).
  const chain = [own, ...forwardedFor.split(',').map(plainAddress).reverse()]
  const last = trust.kind === 'hops' ? Math.min(trust.hops, chain.length - 1) : chain.length - 1
  let index = 0
  while (index < last) {
    if (trust.kind === 'addresses' && !trust.trusted(chain[index] ?? '')) break
    // An entry that is no address: the one on its right is the last that can be believed.
    if (!chain[index + 1]) break
    index += 1
  }
  return chain[index] || own
}
