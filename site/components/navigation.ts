/** The site shell's destinations, in one place. */
import { it } from '#modules/i18n'
import type { IconName } from './icons.ts'

export type NavLink = {
  href: string
  label: string
  icon?: IconName
  /** A one-line description, shown under the label in drop-downs. */
  hint?: string
  /** The short name used where the hint explains the rest. */
  short?: string
  /** Also current on the link's sub-pages. */
  section?: boolean
}

/** Where the sign-out form posts; the server ends the session and returns to the home page. */
export const logoutAction = '/esci'

/** The top bar's main links. */
export const mainLinks: NavLink[] = [
  { href: '/bancadati', label: it.nav.bancaDati, icon: 'home' },
  { href: '/bancadati/quotidiano', label: it.nav.quotidiano, icon: 'newspaper', section: true },
  { href: '/bancadati/ccnl', label: it.nav.ccnl, icon: 'list', section: true },
]

/** The 'App e Prodotti' drop-down. */
export const productLinks: NavLink[] = [
  { href: '/prodotti', label: it.nav.prodotti, icon: 'grid', hint: it.shell.productHints.prodotti },
  {
    href: '/prodotti/werte',
    label: it.nav.werte,
    icon: 'calculator',
    hint: it.shell.productHints.werte,
    short: it.landing.products.werte.name,
  },
  {
    href: '/prodotti/wertecolf',
    label: it.nav.wertecolf,
    icon: 'users',
    hint: it.shell.productHints.wertecolf,
    short: it.landing.products.wertecolf.name,
  },
  {
    href: '/prodotti/werteplus',
    label: it.nav.werteplus,
    icon: 'map',
    hint: it.shell.productHints.werteplus,
    short: it.landing.products.werteplus.name,
  },
]

export const helpLink: NavLink = { href: '/centroassistenza/faq', label: it.nav.assistenza, icon: 'help' }
export const profileLink: NavLink = { href: '/profilo', label: it.nav.profilo, icon: 'user' }
export const loginLink: NavLink = { href: '/accedi', label: it.nav.accedi, icon: 'login' }
export const trialLink: NavLink = { href: '/registrati', label: it.nav.registrati }
export const purchaseLink: NavLink = { href: '/acquista', label: it.nav.abbonati }

/** The left side menu (Esci is added by the component for signed-in visitors). */
export function sideLinks(signedIn: boolean): NavLink[] {
  return [
    signedIn ? { href: '/profilo', label: it.nav.account, icon: 'user' } : loginLink,
    {
      href: signedIn
        ? '/bancadati/preferiti'
        : `/accedi?returnUrl=${encodeURIComponent('/bancadati/preferiti')}`,
      label: it.nav.preferiti,
      icon: 'star',
    },
    { href: '/bancadati/ccnl', label: it.nav.tuttiContratti, icon: 'list' },
    { href: '/bancadati/0/che-contratto-applico', label: it.activityFinder.navLabel, icon: 'search' },
    { href: '/prodotti', label: it.nav.apps, icon: 'grid' },
    helpLink,
  ]
}

/** The footer's legal links. */
export const legalLinks: NavLink[] = [
  { href: '/termini-e-condizioni', label: it.nav.termini },
  { href: '/privacy-policy', label: it.nav.privacy },
  { href: '/cookie-policy', label: it.nav.cookie },
]
