/**
 * A read-only gg/mm/aaaa field with a calendar (react-day-picker, Italian):
 * the date is chosen only in the calendar (the specification's picker with
 * read-only inputs), whatever the browser's language. Keyboard: arrows move
 * by day and week, Page Up/Down by month, Enter picks, Escape closes.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { DayPicker } from 'react-day-picker'
import { it as calendarLocale } from 'react-day-picker/locale/it'
import 'react-day-picker/style.css'
import { feed } from '#modules/i18n'
import { Icon } from '../FormParts.tsx'

const t = feed.search

/** `aaaa-mm-gg` as `gg/mm/aaaa`. */
export const italian = (value: string) => (value ? value.split('-').reverse().join('/') : '')
/** `aaaa-mm-gg` as a local date (the calendar works in the browser's days). */
const toDate = (value: string) => {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, day)
}
/** A local date as `aaaa-mm-gg`. */
const toIso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

type Props = {
  label: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  min?: string
  hint?: string
  name: string
}

export function DatePicker({ label, value, onChange, disabled = false, min, hint, name }: Props) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])

  const close = () => {
    setOpen(false)
    trigger.current?.focus()
  }
  const selected = value ? toDate(value) : undefined
  const first = selected ?? (min ? toDate(min) : undefined)

  return (
    <div className="field date-field" ref={box}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="date-field__control">
        <input
          id={id}
          ref={trigger}
          name={name}
          className="input date-field__input"
          readOnly
          disabled={disabled}
          value={italian(value)}
          placeholder={t.datePlaceholder}
          aria-describedby={hint ? `${id}-hint` : undefined}
          aria-haspopup="dialog"
          onClick={() => !disabled && setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
              event.preventDefault()
              if (!disabled) setOpen(true)
            }
          }}
        />
        {value && !disabled ? (
          <button
            type="button"
            className="date-field__button"
            aria-label={t.clearDate}
            onClick={() => onChange('')}
          >
            <Icon name="close" size={18} />
          </button>
        ) : (
          <button
            type="button"
            className="date-field__button"
            aria-label={`${t.chooseDate}: ${label}`}
            aria-expanded={open}
            disabled={disabled}
            onClick={() => setOpen((state) => !state)}
          >
            <Icon name="calendar" size={18} />
          </button>
        )}
      </div>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {open && (
        <div
          className="calendar"
          role="dialog"
          aria-label={`${t.chooseDate}: ${label}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault()
              close()
            }
          }}
        >
          <DayPicker
            mode="single"
            locale={calendarLocale}
            autoFocus
            selected={selected}
            defaultMonth={first}
            disabled={min ? { before: toDate(min) } : undefined}
            onSelect={(date) => {
              if (!date) return
              onChange(toIso(date))
              close()
            }}
          />
        </div>
      )}
    </div>
  )
}
