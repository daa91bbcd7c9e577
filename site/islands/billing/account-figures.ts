/**
 * The purchase summaries' figures for the signed-in account: `GET
 * stripe/launch-offer` says whether the launch offer applies (the same server
 * decision as the charge) and gives each price's figures; the plans are
 * updated with them so the summary and the pay button show what is charged.
 */
import { useEffect, useState } from 'react'
import { billingApi, resultOf } from '../api-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'
import type { PlanOption } from './plans.ts'

type LaunchOfferAnswer = { eligible: boolean; prices: { id: string; figures: PlanOption['figures'] }[] }

/** The account's answer, or null when it cannot be read (the page's figures stay). */
export async function fetchLaunchOffer(): Promise<LaunchOfferAnswer | null> {
  const result = await resultOf(billingApi.stripe['launch-offer'].$get())
  if (result.status === 401) sessionEnded()
  return result.ok ? result.data : null
}

/** The plans with the account's figures. */
export function withAccountFigures(options: readonly PlanOption[], answer: LaunchOfferAnswer): PlanOption[] {
  return options.map((option) => {
    const price = answer.prices.find((candidate) => candidate.id === option.priceId)
    return price ? { ...option, figures: price.figures } : option
  })
}

export type AccountFigures = {
  options: PlanOption[]
  selected: PlanOption
  select: (option: PlanOption) => void
  /** Whether the launch offer applies (true until the server answered). */
  launchOffer: boolean
  /** The server has not answered yet (only when `signedIn`). */
  pending: boolean
}

/**
 * The plans and the chosen one, with the figures of the signed-in account
 * (asked on mount, and again when `signedIn` turns true after a login);
 * signed out, the page's figures (the launch offer) stay.
 */
export function useAccountFigures(
  initialOptions: PlanOption[],
  initial: PlanOption,
  signedIn: boolean,
): AccountFigures {
  const [options, setOptions] = useState(initialOptions)
  const [priceId, setPriceId] = useState(initial.priceId)
  const [launchOffer, setLaunchOffer] = useState(true)
  const [pending, setPending] = useState(signedIn)

  useEffect(() => {
    if (!signedIn) return
    let cancelled = false
    setPending(true)
    void fetchLaunchOffer().then((answer) => {
      if (cancelled) return
      if (answer) {
        setOptions(withAccountFigures(initialOptions, answer))
        setLaunchOffer(answer.eligible)
      }
      setPending(false)
    })
    return () => {
      cancelled = true
    }
    // The page's plans do not change; only signing in asks again.
  }, [signedIn])

  const selected = options.find((option) => option.priceId === priceId) ?? initial
  return { options, selected, select: (option) => setPriceId(option.priceId), launchOffer, pending }
}
