/** §8's 'already has a subscription' notice, with the link to the profile's billing tab. */
import { billing } from '#modules/i18n'
import { FormAlert } from '../FormParts.tsx'

export const PROFILE_BILLING_PATH = '/v2/profilo/fatturazione'

export default function ExistingSubscriptionNotice() {
  const t = billing.signup
  return (
    <FormAlert variant="warning">
      {t.existing} <a href={PROFILE_BILLING_PATH}>{t.existingLink}</a>
    </FormAlert>
  )
}
