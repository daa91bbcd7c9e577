/**
 * The billing data of the account: shown read-only with 'Modifica dati di
 * fatturazione', then edited in the checkout's billing form (§5 rules). Saved
 * with `PATCH stripe/customer/update-customer-address/{id}`; the texts of §8:
 * 'L'indirizzo di fatturazione è stato aggiornato correttamente.' or
 * 'Errore durante l'aggiornamento dell'indirizzo di fatturazione.'.
 */
import { useState } from 'react'
import { accounts, billing } from '#modules/i18n'
import { FormAlert } from '../FormParts.tsx'
import BillingDetailsForm from '../billing/BillingDetailsForm.tsx'
import { saveBillingAddress } from '../billing/billing-client.ts'
import { billingFormFromCustomer, type ApiCustomer, type BillingFormValues } from '../billing/billing-form.ts'

const t = billing.manage.billingData

type Props = { customer: ApiCustomer }

function addressLine(values: BillingFormValues): string {
  const place = [values.zipCode, values.city, values.province ? `(${values.province})` : '']
    .filter(Boolean)
    .join(' ')
  return [values.address, place, values.state].filter(Boolean).join(', ')
}

export default function BillingDataEditor({ customer }: Props) {
  const [values, setValues] = useState<BillingFormValues>(() => billingFormFromCustomer(customer))
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)

  if (!editing) {
    const rows: [string, string, string][] = [
      [t.name, values.name, 'fatturazione-intestatario'],
      [t.fiscalCode, values.fiscalCode, 'fatturazione-codice-fiscale'],
      [t.address, addressLine(values), 'fatturazione-indirizzo'],
      [t.phone, values.phone, 'fatturazione-telefono'],
      [t.pec, values.pec || '—', 'fatturazione-pec'],
      [t.uniqueCode, values.uniqueCode || '—', 'fatturazione-codice-univoco'],
    ]
    return (
      <div className="billing-data">
        {saved && <FormAlert variant="success">{billing.billingUpdated}</FormAlert>}
        <dl className="profile-facts billing-data__facts">
          {rows.map(([label, value, testId]) => (
            <div className="profile-facts__row" key={testId}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
        <button
          type="button"
          className="btn btn--secondary billing-data__edit"
          onClick={() => {
            setSaved(false)
            setEditing(true)
          }}
        >
          {t.edit}
        </button>
      </div>
    )
  }

  return (
    <BillingDetailsForm
      initialValues={values}
      cancelLabel={accounts.area.cancel}
      onCancel={() => setEditing(false)}
      onSubmit={async (submitted) => {
        const result = await saveBillingAddress(customer.id, submitted)
        if (!result.ok) return result.outcome
        setValues(billingFormFromCustomer(result.customer))
        setSaved(true)
        setEditing(false)
      }}
    />
  )
}
