/**
 * The parts of the page shell that every page repeats (the top bar's links,
 * the drawer, the side menu, the footer) are rendered once for each state
 * and their HTML reused (CachedFragment.astro). A state names everything such
 * a part reads: the viewer as the middleware described them, the home and
 * sign-in links, and which of the shell's links the current address makes
 * current. A reader moving between articles or tables keeps the same state,
 * so only the page's own content is rendered for them.
 */
import { createCache } from '../../modules/platform/index.ts'
import { helpLink, loginLink, mainLinks, productLinks, profileLink, sideLinks } from './navigation.ts'
import { isCurrent, isSignedIn } from './viewer.ts'

/** Every link the shell marks as current, as pages and as sections. */
const shellHrefs = [
  ...new Set(
    [
      ...mainLinks,
      ...productLinks,
      ...sideLinks(true),
      ...sideLinks(false),
      helpLink,
      profileLink,
      loginLink,
    ].map((link) => link.href),
  ),
]

/** Which of the shell's links `pathname` makes current: one pair of flags per link (remembered per address). */
export function currentLinks(pathname: string): string {
  return currentLinkFlags.memo(pathname, () => {
    let flags = ''
    for (const href of shellHrefs)
      flags += `${isCurrent(pathname, href) ? 1 : 0}${isCurrent(pathname, href, true) ? 1 : 0}`
    return flags
  })
}

const currentLinkFlags = createCache<string>({ name: 'current-links', max: 5_000 })

export type ShellState = { viewer: App.Viewer; homeHref: string; loginHref: string; current: string }

/**
 * The state of a page's shell. The sign-in link (it returns to the current
 * address) only counts for visitors without a session: it is the only link
 * signed-in pages do not show.
 */
export function shellState(
  viewer: App.Viewer,
  pathname: string,
  homeHref: string,
  loginHref: string,
): ShellState {
  return { viewer, homeHref, loginHref: isSignedIn(viewer) ? '' : loginHref, current: currentLinks(pathname) }
}

/** The key of one part of the shell in one state (`inputs` is all that part reads). */
export function fragmentKey(part: string, inputs: unknown): string {
  return `${part}:${JSON.stringify(inputs)}`
}

/** At most 2,000 fragments (a few KB each); they never go stale: their key holds all they depend on. */
const fragments = createCache<string>({ name: 'shell-fragments', max: 2_000 })

/** The HTML of the fragment `key`, rendered by `render` the first time. */
export function cachedFragment(key: string, render: () => Promise<string>): Promise<string> {
  return fragments.get(key, render)
}
