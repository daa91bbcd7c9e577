/**
 * Pages of signed-in visitors from the personal page cache
 * (modules/site-content/personal-cache.ts): a page is rendered once per
 * address and access class with placeholders for the visitor's name, e-mail,
 * picture, initials and account id, and filled in for each visitor.
 *
 * The access class is everything else the page reads about the visitor: the
 * viewer without its personal strings (kind, plan, trial message, payment
 * issue), which of those strings the account has, and the entitlements. A
 * page served this way must read the account through nothing but these and
 * its own declared parts, so only the pages listed in `personalPageOf` take
 * part: feed articles (the page reads the entitlements, the shell the viewer
 * and `user.id`) and the database home, whose reader's own part (favourites,
 * recent contracts) is drawn for each request by `ownHome` and put in its
 * placeholder.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { APIContext } from 'astro'
import { accessOf, hasSessionCookie, sessionOfCookie } from '../../modules/accounts/index.ts'
import {
  compileTemplate,
  fillLeniently,
  fillTemplate,
  isArticlePath,
  PAGE_CACHE_TTL_MS,
  personalPageCache,
  placeholder,
  type PageTemplate,
  type PersonalValue,
} from '../../modules/site-content/index.ts'
import { getLogger } from '../../modules/platform/index.ts'
import { initials } from '../components/viewer.ts'
import { ownHome } from '../components/database/home-own.ts'

/** A page that takes part: how long its template is kept, and the visitor's own parts beyond the shell. */
type PersonalPage = {
  ttlMs: number
  /**
   * The parts of the page drawn for each visitor: `key` names what of them
   * the rest of the page depends on (it joins the template's key), `values`
   * fill their placeholders, `locals` is what the page is given instead while
   * its template is rendered.
   */
  own?: (userId: string) => Promise<{
    key: string
    values: Record<string, PersonalValue>
    locals: Partial<App.Locals>
  }>
}

const articlePage: PersonalPage = { ttlMs: PAGE_CACHE_TTL_MS }

/** /bancadati: the news blocks come from the feed's read cache (60 s), so the template lives half of that. */
const databaseHome: PersonalPage = {
  ttlMs: 30_000,
  async own(userId) {
    const own = await ownHome(userId)
    return {
      key: own.hasFavourites ? 'preferiti' : '',
      values: { own: { value: own.html, escape: 'markup' } },
      locals: { ownHome: { html: placeholder('own'), hasFavourites: own.hasFavourites } },
    }
  },
}

/** The page of `pathname` when it takes part (addresses exactly as the server received them). */
function personalPageOf(pathname: string): PersonalPage | undefined {
  if (pathname === '/bancadati') return databaseHome
  return isArticlePath(pathname) ? articlePage : undefined
}

/** The class a signed-in visitor's pages are shared in: all the page reads of them but their personal strings. */
export function accessClass(viewer: App.Viewer, entitlements: unknown): string {
  const { displayName, email, image, initials: _initials, ...rest } = viewer
  const shape = {
    name: displayName != null,
    email: Boolean(email),
    image: Boolean(image),
    nameIsEmail: Boolean(email) && displayName === email,
  }
  return JSON.stringify([rest, shape, entitlements ?? null])
}

/** The viewer the template is rendered for: placeholders where the visitor's strings go (and only where they have one). */
export function standInViewer(viewer: App.Viewer): App.Viewer {
  return {
    ...viewer,
    displayName:
      viewer.displayName == null
        ? undefined
        : placeholder(viewer.email && viewer.displayName === viewer.email ? 'email' : 'name'),
    email: viewer.email ? placeholder('email') : viewer.email,
    image: viewer.image ? placeholder('image') : viewer.image,
    initials: placeholder('initials'),
  }
}

/** The visitor's own strings, by placeholder. */
export function personalValues(viewer: App.Viewer, userId: string): Record<string, PersonalValue> {
  return {
    name: { value: viewer.displayName ?? '', escape: 'html' },
    email: { value: viewer.email ?? '', escape: 'html' },
    image: { value: viewer.image ?? '', escape: 'html' },
    initials: { value: initials(viewer), escape: 'html' },
    uid: { value: userId, escape: 'prop' },
  }
}

function answer(template: PageTemplate, body: Buffer, cache: 'HIT' | 'MISS'): Response {
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: template.status,
    headers: [...template.headers, ['x-cache', cache]],
  })
}

/**
 * A visitor's request for a page: the template's key (address, access class
 * and what the rest depends on of their own parts), the values of its
 * placeholders, and what the page is given while its template is rendered.
 */
async function visitorParts(
  page: PersonalPage,
  pathname: string,
  viewer: App.Viewer,
  entitlements: unknown,
  userId: string,
) {
  const own = await page.own?.(userId)
  return {
    key: `${pathname}\n${accessClass(viewer, entitlements)}\n${own?.key ?? ''}`,
    values: { ...personalValues(viewer, userId), ...own?.values },
    locals: own?.locals,
  }
}

/**
 * A page of `personalPageOf` for a signed-in visitor (GET, no query string)
 * from the cache, rendered through `render` for the first visitor of its
 * class; every other request is just rendered. `locals` must already hold
 * the visitor; `render` gives the finished answer (with its security
 * policy), whose headers the template keeps.
 */
export async function withPersonalPageCache(
  context: Pick<APIContext, 'request' | 'url' | 'locals'>,
  render: () => Promise<Response>,
): Promise<Response> {
  const { request, url, locals } = context
  const user = locals.user
  const viewer = locals.viewer
  const page =
    request.method === 'GET' && url.search === '' && user ? personalPageOf(url.pathname) : undefined
  if (!page || !user) return render()
  const {
    key,
    values,
    locals: ownLocals,
  } = await visitorParts(page, url.pathname, viewer, locals.entitlements, user.id)
  const cache = personalPageCache()
  const hit = cache.get(key)
  if (hit) return answer(hit, fillTemplate(hit, values), 'HIT')

  const generation = cache.generation()
  const standIn = { viewer: standInViewer(viewer), user: { ...user, id: placeholder('uid') }, ...ownLocals }
  const saved = { viewer, user, ownHome: locals.ownHome }
  Object.assign(locals, standIn)
  let response: Response
  let html: string
  try {
    response = await render()
    html = await response.text()
  } finally {
    Object.assign(locals, saved)
  }
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length')
  const template = compileTemplate(html, response.status, headers)
  if (!template) {
    // A personal string was cut or changed while rendering: this visitor gets the page without the broken parts.
    getLogger().error({ path: url.pathname }, 'Pagina personale con un segnaposto incompleto')
    return new Response(fillLeniently(html, values), { status: response.status, headers })
  }
  const storable =
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').includes('text/html') &&
    !response.headers.has('set-cookie')
  if (storable) cache.store(key, template, generation, page.ttlMs)
  return answer(template, fillTemplate(template, values), 'MISS')
}

/**
 * The server's fast path, before Astro: a signed-in visitor's page of
 * `personalPageOf` straight from the cache when its template is there (the
 * session found and needing no refreshed cookie, the social sign-up
 * complete). The headers already set on `res` (the server's security
 * headers) are kept. Returns false when the request is not answered; Astro
 * then renders it through `withPersonalPageCache`.
 */
export async function servePersonalPageFromCache(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const url = req.url ?? '/'
  const cookie = req.headers.cookie
  const page = req.method === 'GET' && !url.includes('?') ? personalPageOf(url) : undefined
  if (!page) return false
  if (!cookie || !hasSessionCookie(cookie)) return false
  let found: { template: PageTemplate; values: Record<string, PersonalValue> } | undefined
  try {
    const { session, setCookies } = await sessionOfCookie(cookie)
    if (!session || setCookies.length > 0 || session.user.socialSetupPending) return false
    const { viewer, entitlements } = await accessOf(session.user)
    const { key, values } = await visitorParts(page, url, viewer, entitlements, session.user.id)
    const template = personalPageCache().get(key)
    if (template) found = { template, values }
  } catch {
    // The database did not answer: Astro renders the request (and its 503 page).
    return false
  }
  if (!found) return false
  const { template, values } = found
  const body = fillTemplate(template, values)
  for (const [name, value] of template.headers) res.setHeader(name, value)
  res.setHeader('x-cache', 'HIT')
  res.setHeader('content-length', body.length)
  res.writeHead(template.status)
  res.end(body)
  return true
}
