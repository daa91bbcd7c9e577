/**
 * What /profilo shows to an account: e-mail, plan name or 'Nessuno', the end
 * of the period with 'in rinnovo automatico' or 'in scadenza', the trial, and
 * the links its role allows.
 */
import { summarizeSubscription, type Entitlements, type SignedInUser } from '#modules/accounts'
import { type SubscriptionInfo } from '#modules/access'
import { formatDate, it } from '#modules/i18n'
import type { IconName } from '../icons.ts'

const t = it.accounts.profile

export type ProfileLink = { href: string; label: string; hint: string; icon: IconName }

export type ProfileSummary = {
  email: string
  displayName: string
  /** The plan's name, or 'Nessuno'. */
  plan: string
  hasSubscription: boolean
  /** 'gg/mm/aaaa' and 'in rinnovo automatico' or 'in scadenza', when the subscription has a period end. */
  end: { date: string; note: string } | null
  /** The trial line ('attiva fino al …', 'terminata il …') for trial accounts without a subscription. */
  trial: string | null
  /** A secondary account of a Studio ('account studio secondario'). */
  studioSecondary: boolean
  /** 'Non hai ancora sottoscritto un abbonamento!' with the link to /acquista. */
  showsNoSubscription: boolean
  links: ProfileLink[]
}

/** The links of /profilo. */
export const profileLinks = {
  account: { href: '/v2/profilo', label: t.accountArea, hint: t.accountAreaHint, icon: 'user' },
  password: {
    href: '/profilo/modifica-password',
    label: t.changePassword,
    hint: t.changePasswordHint,
    icon: 'lock',
  },
  subscription: {
    href: '/gestione-abbonamento',
    label: t.manageSubscription,
    hint: t.manageSubscriptionHint,
    icon: 'document',
  },
  studio: {
    href: '/gestione-abbonamento/studio',
    label: t.manageStudio,
    hint: t.manageStudioHint,
    icon: 'users',
  },
} satisfies Record<string, ProfileLink>

export function profileSummary(options: {
  user: SignedInUser
  entitlements: Entitlements
  subscription: SubscriptionInfo
  now: Date
}): ProfileSummary {
  const { user, entitlements, now } = options
  const studioSecondary = entitlements.kind === 'studioSecondary'
  const details = summarizeSubscription(options.subscription.details)
  // Only a subscription that grants access counts (an ended one leaves 'Nessuno').
  const planName = entitlements.plan ? (details.planName ?? it.shell.plans[entitlements.plan]) : null
  const hasSubscription = planName !== null
  const end =
    hasSubscription && details.periodEnd
      ? { date: formatDate(details.periodEnd), note: details.renews ? t.renewing : t.expiring }
      : null
  const trialEnd = user.accountType === 'trial' && !hasSubscription ? user.trialEndsAt : null
  const trial = trialEnd
    ? trialEnd.getTime() > now.getTime()
      ? t.trialRunning(formatDate(trialEnd))
      : t.trialEnded(formatDate(trialEnd))
    : null
  const links: ProfileLink[] = [profileLinks.account, profileLinks.password]
  if (hasSubscription && !studioSecondary) links.push(profileLinks.subscription)
  if (!studioSecondary && planName !== null && planName.toLowerCase().includes('studio')) {
    links.push(profileLinks.studio)
  }
  return {
    email: user.email,
    displayName: user.name,
    plan: planName ?? t.planNone,
    hasSubscription,
    end,
    trial,
    studioSecondary,
    showsNoSubscription: !hasSubscription && !studioSecondary,
    links,
  }
}
