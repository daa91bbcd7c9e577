'use client'
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useEffect, useState } from 'react'
import {
  formatDate,
  formatEuro,
  formatEuroDifference,
  formatPercentChange,
  it,
} from '../../modules/i18n/index.ts'

const t = it.database.deltaPreview

type Level = {
  code: string
  description: string
  before: number | null
  after: number | null
  difference: number | null
  percent: number | null
}
type Preview = {
  previous: string | null
  delta: { levels: Level[]; unaTantum: { amount: number; paidOn: string }[] }
  unusual: number | null
  threshold: number
}
type State = { kind: 'idle' } | { kind: 'ready'; preview: Preview } | { kind: 'error'; message: string }

const cellStyle = { padding: '4px 8px', borderBottom: '1px solid var(--theme-elevation-150)' } as const
const number = { ...cellStyle, textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const

/**
 * Under a pay table's levels: what they change from the category's previous
 * decorrenza, level by level (before, after, euro, per cent) with the una
 * tantum, recomputed by the server while the editor types; an unusual change
 * (a tenfold typo) is called out before the table is saved and followers are told.
 */
export function PayTableDeltaPreview() {
  const { id } = useDocumentInfo()
  const form = useFormFields(([fields]) => ({
    category: fields.category?.value,
    effectiveDate: fields.effectiveDate?.value,
    levels: fields.levels?.value,
    unaTantum: fields.unaTantum?.value,
  }))
  const key = JSON.stringify(form)
  const [state, setState] = useState<State>({ kind: 'idle' })

  useEffect(() => {
    const { category, effectiveDate, levels } = JSON.parse(key) as typeof form
    if (!category || !effectiveDate || !levels) {
      setState({ kind: 'idle' })
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const response = await fetch('/cms/api/pay-tables/anteprima-variazioni', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...(JSON.parse(key) as object), id }),
          signal: controller.signal,
        })
        const body = (await response.json()) as Preview & { error?: { message: string } }
        setState(
          response.ok
            ? { kind: 'ready', preview: body }
            : { kind: 'error', message: body.error?.message ?? t.failed },
        )
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setState({ kind: 'error', message: t.failed })
      }
    }, 400)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [key, id])

  return (
    <section data-testid="pay-table-delta" aria-live="polite" style={{ margin: 'var(--base) 0' }}>
      <h3 style={{ margin: '0 0 calc(var(--base) * 0.5)' }}>{t.title}</h3>
      {state.kind === 'idle' && <p>{t.incomplete}</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && <PreviewTable preview={state.preview} />}
    </section>
  )
}

function PreviewTable({ preview }: { preview: Preview }) {
  if (!preview.previous) return <p>{t.first}</p>
  return (
    <>
      <p>{t.lead(formatDate(preview.previous))}</p>
      {preview.unusual !== null && (
        <p
          role="alert"
          style={{
            padding: 'calc(var(--base) * 0.5) var(--base)',
            border: '1px solid var(--theme-warning-500)',
            background: 'var(--theme-warning-50)',
            borderRadius: 'var(--style-radius-m)',
          }}
        >
          {t.unusual(formatPercentChange(preview.unusual))}
        </p>
      )}
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            <th style={cellStyle} scope="col">
              {t.columns.level}
            </th>
            {[t.columns.before, t.columns.after, t.columns.difference, t.columns.percent].map((label) => (
              <th key={label} style={number} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.delta.levels.map((level) => (
            <tr key={level.code}>
              <th style={{ ...cellStyle, textAlign: 'left', fontWeight: 'normal' }} scope="row">
                <strong>{level.code}</strong> {level.description}
              </th>
              <td style={number}>{level.before === null ? t.added : formatEuro(level.before)}</td>
              <td style={number}>{level.after === null ? t.dropped : formatEuro(level.after)}</td>
              <td style={number}>
                {level.difference === null ? '—' : formatEuroDifference(level.difference)}
              </td>
              <td
                style={{
                  ...number,
                  color:
                    level.percent !== null && Math.abs(level.percent) > preview.threshold
                      ? 'var(--theme-error-500)'
                      : undefined,
                }}
              >
                {level.percent === null ? '—' : formatPercentChange(level.percent)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.delta.unaTantum.map((entry) => (
        <p key={`${entry.paidOn}-${entry.amount}`}>
          {t.unaTantum(formatEuro(entry.amount), formatDate(entry.paidOn))}
        </p>
      ))}
    </>
  )
}
