/**
 * A read-only gg/mm/aaaa field with a calendar: the date is chosen only in
 * the calendar (the specification's picker with read-only inputs). Keyboard:
 * arrows move by day and week, Enter picks, Escape closes.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { it } from '../../../modules/i18n/index.ts'
import { Icon } from '../FormParts.tsx'

const t = it.feed.search
const monthName = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** `aaaa-mm-gg` of a UTC date. */
const iso = (date: Date) => date.toISOString().slice(0, 10)
const fromIso = (value: string) => new Date(`${value}T00:00:00Z`)
/** `aaaa-mm-gg` as `gg/mm/aaaa`. */
export const italian = (value: string) => (value ? value.split('-').reverse().join('/') : '')

function monthDays(month: Date): (Date | null)[] {
  const first = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1))
  const offset = (first.getUTCDay() + 6) % 7
  const count = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate()
  const cells: (Date | null)[] = Array.from({ length: offset }, () => null)
  for (let day = 1; day <= count; day += 1)
    cells.push(new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), day)))
  return cells
}

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
  const today = iso(new Date())
  const [focus, setFocus] = useState(value || min || today)
  const box = useRef<HTMLDivElement>(null)
  const grid = useRef<HTMLDivElement>(null)
  const month = fromIso(`${focus.slice(0, 7)}-01`)

  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])

  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus()
  }, [open, focus])

  const move = (days: number) => {
    const next = fromIso(focus)
    next.setUTCDate(next.getUTCDate() + days)
    setFocus(iso(next))
  }
  const shiftMonth = (months: number) => {
    const next = fromIso(`${focus.slice(0, 7)}-01`)
    next.setUTCMonth(next.getUTCMonth() + months)
    setFocus(iso(next))
  }
  const pick = (day: string) => {
    if (min && day < min) return
    onChange(day)
    setOpen(false)
  }
  const onKey = (event: React.KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(-1),
      ArrowRight: () => move(1),
      ArrowUp: () => move(-7),
      ArrowDown: () => move(7),
      PageUp: () => shiftMonth(-1),
      PageDown: () => shiftMonth(1),
      Escape: () => setOpen(false),
    }
    const action = keys[event.key]
    if (action) {
      event.preventDefault()
      action()
    }
  }

  return (
    <div className="field date-field" ref={box}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="date-field__control">
        <input
          id={id}
          name={name}
          className="input date-field__input"
          readOnly
          disabled={disabled}
          value={italian(value)}
          placeholder={t.datePlaceholder}
          aria-describedby={hint ? `${id}-hint` : undefined}
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
        <div className="calendar" role="dialog" aria-label={`${t.chooseDate}: ${label}`} onKeyDown={onKey}>
          <div className="calendar__head">
            <button
              type="button"
              className="calendar__nav"
              aria-label={t.prevMonth}
              onClick={() => shiftMonth(-1)}
            >
              <Icon name="arrowLeft" size={18} />
            </button>
            <strong aria-live="polite">{monthName.format(month)}</strong>
            <button
              type="button"
              className="calendar__nav"
              aria-label={t.nextMonth}
              onClick={() => shiftMonth(1)}
            >
              <Icon name="arrowRight" size={18} />
            </button>
          </div>
          <div className="calendar__grid" role="grid" ref={grid}>
            {t.weekdays.map((day) => (
              <span key={day} className="calendar__weekday" role="columnheader">
                {day}
              </span>
            ))}
            {monthDays(month).map((date, index) => {
              if (!date) return <span key={`vuoto-${index}`} />
              const day = iso(date)
              const blocked = Boolean(min && day < min)
              return (
                <button
                  key={day}
                  type="button"
                  role="gridcell"
                  data-day={day}
                  className="calendar__day"
                  aria-selected={day === value}
                  aria-current={day === today ? 'date' : undefined}
                  aria-label={italian(day)}
                  disabled={blocked}
                  tabIndex={day === focus ? 0 : -1}
                  onClick={() => pick(day)}
                >
                  {date.getUTCDate()}
                </button>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
}
