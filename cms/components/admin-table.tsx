import type { ReactNode } from 'react'

/** The operators' list views (/admin/abbonamenti, /admin/studio): one look for their tables and search forms. */

export const cell = {
  padding: '10px 12px',
  borderBottom: '1px solid var(--theme-elevation-100)',
  verticalAlign: 'top',
} as const
const head = { ...cell, textAlign: 'left', fontWeight: 600, color: 'var(--theme-elevation-600)' } as const
export const muted = { color: 'var(--theme-elevation-500)', fontSize: '0.85em' } as const

/** A GET form with one search box. */
export function SearchForm(props: { search: string; label: string; button: string }) {
  return (
    <form method="get" style={{ display: 'flex', gap: 8, margin: '16px 0' }}>
      <input
        name="q"
        defaultValue={props.search}
        aria-label={props.label}
        placeholder={props.label}
        style={{ flex: 1, maxWidth: 420, padding: '8px 12px' }}
      />
      <button type="submit" className="btn btn--style-primary btn--size-small">
        {props.button}
      </button>
    </form>
  )
}

/** A full-width table with one heading row; its body rows are the children. */
export function AdminTable(props: { columns: Record<string, string>; children: ReactNode }) {
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {Object.values(props.columns).map((label) => (
            <th key={label} style={head}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  )
}
