import { describe, expect, it } from 'vitest'
import { ROUTE_GROUPS, routeGroupOf } from './route-group.ts'

describe('the route group of a request', () => {
  it('names one of the fixed groups, never the address', () => {
    const cases: [string, string][] = [
      ['/', 'pages'],
      ['/prodotti/premium', 'pages'],
      ['/bancadati/ccnl/123/tabelle', 'pages'],
      ['/_server-islands/Header', 'pages'],
      ['/api/v1/notizie/ricerca/retribuzione', 'api'],
      ['/api/docs', 'api'],
      ['/api/auth/sign-in/email', 'auth'],
      ['/api/auth', 'auth'],
      ['/admin/collections/news', 'cms'],
      ['/cms/api/users/login', 'cms'],
      ['/_next/static/chunks/app.js', 'cms'],
      ['/dev/posta', 'dev'],
      ['/_astro/index.BdX1.css', 'static'],
      ['/favicon.svg', 'static'],
      ['/healthz', 'other'],
      ['/readyz', 'other'],
      ['/metrics', 'other'],
      ['/csp-report', 'other'],
    ]
    for (const [pathname, group] of cases) expect(routeGroupOf(pathname), pathname).toBe(group)
    expect(new Set(cases.map(([pathname]) => routeGroupOf(pathname)))).toEqual(new Set(ROUTE_GROUPS))
  })

  it('does not take a lookalike prefix for its group', () => {
    expect(routeGroupOf('/apidocs')).toBe('pages')
    expect(routeGroupOf('/administration')).toBe('pages')
    expect(routeGroupOf('/developer')).toBe('pages')
  })
})
