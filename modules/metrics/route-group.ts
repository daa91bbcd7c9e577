/**
 * The route group of a request: a small fixed set, so the metrics' series do
 * not grow with the addresses asked (never the raw path as a label).
 */
import { CSP_REPORT_PATH } from '../platform/index.ts'

export const ROUTE_GROUPS = ['pages', 'api', 'auth', 'cms', 'dev', 'static', 'other'] as const

export type RouteGroup = (typeof ROUTE_GROUPS)[number]

/** The path of the metrics. */
export const METRICS_PATH = '/metrics'

/** The server's own probes and reports: health, readiness, metrics, CSP reports. */
const OWN_PATHS = new Set(['/healthz', '/readyz', METRICS_PATH, CSP_REPORT_PATH])

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/** The group of `pathname` (without the query string). */
export function routeGroupOf(pathname: string): RouteGroup {
  if (under(pathname, '/api/auth')) return 'auth'
  if (under(pathname, '/api')) return 'api'
  if (under(pathname, '/admin') || under(pathname, '/cms') || under(pathname, '/_next')) return 'cms'
  if (under(pathname, '/dev')) return 'dev'
  if (OWN_PATHS.has(pathname)) return 'other'
  if (under(pathname, '/_astro')) return 'static'
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1)
  return lastSegment.includes('.') ? 'static' : 'pages'
}
