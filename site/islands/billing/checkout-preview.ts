/**
 * The checkout summary's amounts from Stripe: `GET
 * stripe/checkout-preview/{priceId}` (the invoice preview for the signed-in
 * account and the chosen price, with the launch coupon when it applies),
 * asked again whenever the chosen price changes.
 */
import { useEffect, useState } from 'react'
import type { CheckoutPreview } from '#modules/billing'
import { billingApi, resultOf, segment } from '../api-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'

export type PreviewState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; preview: CheckoutPreview }

async function fetchPreview(priceId: string): Promise<CheckoutPreview | null> {
  const result = await resultOf(
    billingApi.stripe['checkout-preview'][':priceId'].$get({ param: { priceId: segment(priceId) } }),
  )
  if (result.status === 401) sessionEnded()
  return result.ok ? result.data : null
}

/** Stripe's amounts of the first invoice of `priceId` for the signed-in account. */
export function useCheckoutPreview(priceId: string): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'loading' })
  useEffect(() => {
    let cancelled = false
    setState({ status: 'loading' })
    fetchPreview(priceId).then(
      (preview) => {
        if (!cancelled) setState(preview ? { status: 'ready', preview } : { status: 'failed' })
      },
      () => {
        if (!cancelled) setState({ status: 'failed' })
      },
    )
    return () => {
      cancelled = true
    }
  }, [priceId])
  return state
}
