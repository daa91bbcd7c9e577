'use client'
import { useFormFields } from '@payloadcms/ui'
import { sellerFields, sellerProblems, type SellerData } from '../../modules/italian-identifiers/index.ts'
import { it } from '../../modules/i18n/index.ts'

const t = it.invoices.seller

/**
 * Above the seller's data: what keeps invoices from being issued (empty
 * required fields, a partita IVA with a wrong checksum, ...), updated while the
 * administrator types; the same check the invoice download makes.
 */
export function SellerProblems() {
  const data = useFormFields(([fields]) => {
    const values: SellerData = {}
    for (const field of sellerFields) {
      const value = fields[field]?.value
      values[field] = typeof value === 'string' ? value : null
    }
    return values
  })
  const problems = sellerProblems(data)
  const complete = problems.length === 0
  return (
    <div
      role="status"
      data-testid="seller-problems"
      style={{
        marginBottom: 'var(--base)',
        padding: 'calc(var(--base) * 0.75) var(--base)',
        borderRadius: 'var(--style-radius-m)',
        border: `1px solid ${complete ? 'var(--theme-success-500)' : 'var(--theme-warning-500)'}`,
        background: complete ? 'var(--theme-success-50)' : 'var(--theme-warning-50)',
        color: 'var(--theme-text)',
      }}
    >
      <strong>{complete ? t.complete : t.incomplete}</strong>
      {!complete && (
        <ul style={{ margin: 'calc(var(--base) * 0.5) 0 0', paddingLeft: 'var(--base)' }}>
          {problems.map((problem) => (
            <li key={problem.field}>{problem.missing ? t.missing(problem.label) : problem.message}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
