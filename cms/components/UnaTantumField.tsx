'use client'
import { Button, FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientProps, Validate } from 'payload'
import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { it } from '../../modules/i18n/index.ts'

const t = it.database.unaTantumEditor

/** One una tantum as the form holds it: what the editor typed, before the field's validation. */
type Entry = {
  amount?: unknown
  entitledOn?: string
  paidOn?: string
  periodFrom?: string
  periodTo?: string
  partTime?: 'proportional' | 'full'
  service?: 'months' | 'full'
  levels?: string[]
  note?: string
}

const isEntry = (value: unknown): value is Entry =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** `yyyy-mm-dd` for a date input, from a stored day or timestamp. */
const day = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 10) : '')

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  gap: '12px 16px',
}
/** The look of the admin's own inputs. */
const control: CSSProperties = {
  width: '100%',
  minHeight: '40px',
  padding: '8px 12px',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 'var(--style-radius-s)',
  background: 'var(--theme-input-bg)',
  color: 'var(--theme-elevation-800)',
  font: 'inherit',
}
const box: CSSProperties = {
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 'var(--style-radius-s)',
  padding: '12px 16px',
  marginBottom: '12px',
}

/**
 * A pay table's una tantum as a form with Italian labels (amount, who is
 * entitled, when paid, reference period, part-time and service rules, levels,
 * note) instead of raw JSON; the field stores the same list and its
 * validation (`unaTantumListSchema`) reports what is missing or wrong.
 */
export function UnaTantumField(props: JSONFieldClientProps) {
  const { field, path: pathFromProps, readOnly, validate } = props
  const memoizedValidate = useCallback<Validate>(
    (value, options) => (typeof validate === 'function' ? validate(value as never, options as never) : true),
    [validate],
  )
  const { path, value, setValue, showError, disabled } = useField<unknown>({
    potentiallyStalePath: pathFromProps,
    validate: memoizedValidate,
  })
  const entries: Entry[] = Array.isArray(value) ? value.filter(isEntry) : []
  const locked = Boolean(readOnly || disabled)
  const id = (index: number, name: string) => `field-${path.replace(/\./g, '__')}-${index}-${name}`

  const write = (next: Entry[]) => setValue(next.length > 0 ? next : null)
  const change = (index: number, patch: Partial<Entry>) =>
    write(entries.map((entry, at) => (at === index ? dropEmpty({ ...entry, ...patch }) : entry)))

  const dateInput = (index: number, name: 'entitledOn' | 'paidOn' | 'periodFrom' | 'periodTo') => (
    <Labelled id={id(index, name)} label={t[name]}>
      <input
        id={id(index, name)}
        type="date"
        style={control}
        value={day(entries[index]?.[name])}
        disabled={locked}
        onChange={(event) => change(index, { [name]: event.target.value })}
      />
    </Labelled>
  )
  const choiceInput = <Name extends 'partTime' | 'service'>(
    index: number,
    name: Name,
    fallback: NonNullable<Entry[Name]>,
    options: Record<NonNullable<Entry[Name]>, string>,
  ) => (
    <Labelled id={id(index, name)} label={t[name]}>
      <select
        id={id(index, name)}
        style={control}
        value={entries[index]?.[name] ?? fallback}
        disabled={locked}
        onChange={(event) => change(index, { [name]: event.target.value })}
      >
        {Object.entries(options).map(([value, label]) => (
          <option key={value} value={value}>
            {label as string}
          </option>
        ))}
      </select>
    </Labelled>
  )

  return (
    <div className={['field-type', showError ? 'error' : ''].filter(Boolean).join(' ')}>
      <FieldLabel label={field.label} path={path} />
      <FieldError path={path} showError={showError} />
      <div id={`field-${path.replace(/\./g, '__')}`} data-testid="una-tantum">
        {entries.length === 0 && <p>{t.none}</p>}
        {entries.map((entry, index) => (
          <fieldset key={index} style={box}>
            <legend style={{ fontWeight: 600, padding: '0 4px' }}>{t.entry(index + 1)}</legend>
            <div style={grid}>
              <Labelled id={id(index, 'amount')} label={t.amount}>
                <DraftInput
                  id={id(index, 'amount')}
                  inputMode="decimal"
                  value={entry.amount}
                  format={formatAmount}
                  parse={amountOf}
                  disabled={locked}
                  onChange={(amount) => change(index, { amount })}
                />
              </Labelled>
              {dateInput(index, 'entitledOn')}
              {dateInput(index, 'paidOn')}
              {dateInput(index, 'periodFrom')}
              {dateInput(index, 'periodTo')}
              {choiceInput(index, 'partTime', 'proportional', t.partTimeOptions)}
              {choiceInput(index, 'service', 'months', t.serviceOptions)}
              <Labelled id={id(index, 'levels')} label={t.levels}>
                <DraftInput
                  id={id(index, 'levels')}
                  value={entry.levels}
                  format={formatLevels}
                  parse={levelsOf}
                  disabled={locked}
                  placeholder={t.levelsPlaceholder}
                  onChange={(levels) => change(index, { levels: levels as string[] })}
                />
              </Labelled>
            </div>
            <Labelled id={id(index, 'note')} label={t.note} style={{ margin: '12px 0' }}>
              <DraftInput
                id={id(index, 'note')}
                multiline
                value={entry.note}
                format={formatNote}
                parse={noteOf}
                disabled={locked}
                onChange={(note) => change(index, { note: note as string })}
              />
            </Labelled>
            {!locked && (
              <Button
                buttonStyle="secondary"
                size="small"
                margin={false}
                onClick={() => write(entries.filter((_, at) => at !== index))}
              >
                {t.remove}
              </Button>
            )}
          </fieldset>
        ))}
        {!locked && (
          <Button
            buttonStyle="secondary"
            size="small"
            margin={false}
            onClick={() => write([...entries, { partTime: 'proportional', service: 'months' }])}
          >
            {t.add}
          </Button>
        )}
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}

/** A labelled control of the form, laid out like the admin's own fields. */
function Labelled(props: { id: string; label: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <div className="field-type" style={props.style}>
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
    </div>
  )
}

const formatAmount = (amount: unknown): string =>
  typeof amount === 'number' ? String(amount).replace('.', ',') : String(amount ?? '')
const formatLevels = (levels: unknown): string => (Array.isArray(levels) ? levels.join(', ') : '')
const levelsOf = (text: string): string[] =>
  text
    .split(',')
    .map((level) => level.trim())
    .filter(Boolean)
const formatNote = (note: unknown): string => (typeof note === 'string' ? note : '')
const noteOf = (text: string): string => text

/** An amount as typed: a number when it reads as one ('300', '87,50'), else the text, for the validation to report. */
function amountOf(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const number = Number(trimmed.replace(/\./g, '').replace(',', '.'))
  return /^\d+([.,]\d{1,2})?$/.test(trimmed) && !Number.isNaN(number) ? number : trimmed
}

type DraftInputProps = {
  id: string
  value: unknown
  format: (value: unknown) => string
  parse: (text: string) => unknown
  onChange: (value: unknown) => void
  disabled: boolean
  inputMode?: 'decimal'
  placeholder?: string
  multiline?: boolean
}

/**
 * A text input that keeps what the editor types ('87,' on the way to '87,50',
 * 'A1,' before the next level) while the field holds the parsed value; it
 * follows the field when the form changes it (load, reset).
 */
function DraftInput({
  id,
  value,
  format,
  parse,
  onChange,
  disabled,
  inputMode,
  placeholder,
  multiline,
}: DraftInputProps): ReactNode {
  const [text, setText] = useState(() => format(value))
  useEffect(() => {
    setText((current) => (JSON.stringify(parse(current)) === JSON.stringify(value) ? current : format(value)))
  }, [value, format, parse])
  const update = (next: string) => {
    setText(next)
    onChange(parse(next))
  }
  return multiline ? (
    <textarea
      id={id}
      rows={2}
      value={text}
      disabled={disabled}
      style={{ ...control, minHeight: '64px' }}
      onChange={(event) => update(event.target.value)}
    />
  ) : (
    <input
      id={id}
      type="text"
      inputMode={inputMode}
      placeholder={placeholder}
      style={control}
      value={text}
      disabled={disabled}
      onChange={(event) => update(event.target.value)}
    />
  )
}

/** The entry without the optional parts left empty (no levels, no note), as the schema expects them absent. */
function dropEmpty(entry: Entry): Entry {
  const next = { ...entry }
  if (next.levels !== undefined && next.levels.length === 0) delete next.levels
  if (next.note !== undefined && next.note.trim() === '') delete next.note
  for (const key of ['entitledOn', 'paidOn', 'periodFrom', 'periodTo'] as const) {
    if (next[key] === '') delete next[key]
  }
  if (next.amount === undefined) delete next.amount
  return next
}
