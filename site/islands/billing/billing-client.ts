/**
 * Billing calls of the browser: saving the billing data (profile edit) with
 * the answer mapped for `BillingDetailsForm`.
 */
import { billing } from '#modules/i18n'
import { billingApi, resultOf, segment } from '../api-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'
import { addressUpdateBody, type ApiCustomer, type BillingFormValues } from './billing-form.ts'
import type { BillingSubmitOutcome } from './BillingDetailsForm.tsx'

/**
 * `PATCH stripe/customer/update-customer-address/{id}`: the customer on
 * success; otherwise the outcome to give back to the form (the refused field,
 * or §8's 'Errore durante l'aggiornamento dell'indirizzo di fatturazione.').
 */
export async function saveBillingAddress(
  customerId: string,
  values: BillingFormValues,
): Promise<{ ok: true; customer: ApiCustomer } | { ok: false; outcome: BillingSubmitOutcome }> {
  const result = await resultOf(
    billingApi.stripe.customer['update-customer-address'][':id'].$patch({
      param: { id: segment(customerId) },
      json: addressUpdateBody(values),
    }),
  )
  if (result.ok) return { ok: true, customer: result.data.customer }
  if (result.status === 401) sessionEnded()
  if (result.status === 400 && result.field && result.message)
    return { ok: false, outcome: { field: result.field, error: result.message } }
  return { ok: false, outcome: { error: billing.errors.billingUpdateFailed } }
}
