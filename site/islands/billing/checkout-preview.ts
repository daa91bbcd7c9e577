/**
 * The checkout summary's amounts from Stripe: `GET
 * stripe/checkout-preview/{priceId}` (the invoice preview for the signed-in
 * account and the chosen price, with the launch coupon when it applies),
 * asked again whenever the chosen price changes.
 */
import { useEffect, useState } from 'react'
import type { CheckoutPreview } from '#modules/billing'
import { sessionEnded } from '../profile/profile-client.ts'

export type PreviewState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; preview: CheckoutPreview }

async function fetchPreview(priceId: string): Promise<CheckoutPreview | null> {
  const response = await fetch(`/api/v1/stripe/checkout-preview/${encodeURIComponent(priceId)}`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
  if (response.status === 401) sessionEnded()
  return response.ok ? ((await response.json()) as CheckoutPreview) : null
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
