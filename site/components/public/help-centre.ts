/** The help centre's tabs and guide cards. */
import type { IconName } from '../icons.ts'

export const helpTabNames = ['guide', 'faq', 'segnalazione'] as const
export type HelpTab = (typeof helpTabNames)[number]

/** The tab of `?scheda=`; the FAQ by default. */
export function helpTabOf(value: string | null): HelpTab {
  return (helpTabNames as readonly string[]).includes(value ?? '') ? (value as HelpTab) : 'faq'
}

/** The tabs shown: the guides only to subscribers whose plan includes them. */
export function helpTabs(canUseGuides: boolean): HelpTab[] {
  return canUseGuides ? [...helpTabNames] : ['faq', 'segnalazione']
}

export type GuideId = 'banca-dati' | 'quotidiano' | 'contratto' | 'sintesi'

/** The dashboard of the demo agreement the contract guides run on (Terziario Confcommercio, category 19). */
export const GUIDE_CONTRACT_PATH = '/bancadati/0/11/133/19'

/** The four guide cards; each link carries the guide's identifier in `__ug__`. */
export const guideCards: { id: GuideId; href: string; icon: IconName }[] = [
  { id: 'banca-dati', href: '/bancadati?__ug__=banca-dati', icon: 'home' },
  { id: 'quotidiano', href: '/bancadati/quotidiano?__ug__=quotidiano', icon: 'newspaper' },
  { id: 'contratto', href: `${GUIDE_CONTRACT_PATH}?__ug__=contratto`, icon: 'book' },
  { id: 'sintesi', href: `${GUIDE_CONTRACT_PATH}?__ug__=sintesi`, icon: 'layers' },
]
