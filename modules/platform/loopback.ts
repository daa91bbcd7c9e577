/**
 * Addresses and host names only this computer reaches. Read by the settings
 * (a plain-http PUBLIC_URL is refused unless it is local) and by the test
 * tools' access rule (local-access.ts); imports nothing of the platform.
 */
import { isIP } from 'node:net'

/** True for an address of this computer: 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
  const v4 = plain.startsWith('::ffff:') ? plain.slice('::ffff:'.length) : plain
  if (isIP(v4) === 4) return v4.startsWith('127.')
  return isIP(plain) === 6 && /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(plain)
}

/** True for a host name or address only this computer reaches: localhost (and its subdomains) and loopback addresses. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name)
}
