/**
 * The filter panels of the feed: sector and contract (a sector resets the
 * contract and limits the list to its contracts), a gg/mm/aaaa date range
 * chosen in a calendar (the end only after a start), in the side panel also a
 * text that filters titles; in the top panel the NEWS / SCADENZE choice of the
 * list that opens first; the 'month' buttons. Invalid filters show
 * 'I filtri impostati non sono validi.'.
 */
import { useMemo, useState } from 'react'
import { it } from '../../../modules/i18n/index.ts'
import { FormAlert } from '../FormParts.tsx'
import { DatePicker, italian } from './DatePicker.tsx'
import { filtersValid } from './filters.ts'

const t = it.feed.search

export type FilterOption = { code: number; name: string; sectorCode?: number }

type Props = {
  variant: 'top' | 'side'
  sectors: FilterOption[]
  contracts: FilterOption[]
  /** Where the filtered results live (…/ricerca/fromFilters). */
  action: string
  initial?: {
    settore?: number
    contratto?: number
    from?: string
    to?: string
    testo?: string
    type?: string
  }
  /** First and last day of the current month (aaaa-mm-gg), for the 'month' buttons. */
  month: { from: string; to: string }
}

export default function FeedFilters({ variant, sectors, contracts, action, initial = {}, month }: Props) {
  const [sector, setSector] = useState(initial.settore ?? -1)
  const [contract, setContract] = useState(initial.contratto ?? -1)
  const [from, setFrom] = useState(initial.from ?? '')
  const [to, setTo] = useState(initial.to ?? '')
  const [text, setText] = useState(initial.testo ?? '')
  const [invalid, setInvalid] = useState(false)
  // The top panel chooses the list that opens first (NEWS or SCADENZE); the side panel keeps the page's.
  const [type, setType] = useState(initial.type === 'scadenza' ? 'scadenza' : '')
  const options = useMemo(
    () => (sector === -1 ? contracts : contracts.filter((item) => item.sectorCode === sector)),
    [contracts, sector],
  )

  const go = (query: Record<string, string>) => {
    const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''))
    location.assign(`${action}?${params.toString()}`)
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!filtersValid(variant, sector, contract, from)) {
      setInvalid(true)
      return
    }
    go({
      settore: String(sector),
      contratto: String(contract),
      // The range is sent only with a start date.
      datainizio: from ? italian(from) : '',
      datafine: from && to ? italian(to) : '',
      type,
      testo: variant === 'side' && text.trim().length > 3 ? text.trim() : '',
    })
  }

  const monthSearch = (kind: 'scadenza' | 'notizia') =>
    go({
      settore: '-1',
      contratto: '-1',
      datainizio: italian(month.from),
      datafine: italian(month.to),
      type: kind,
    })

  const prefix = `filtri-${variant}`
  const monthButton = variant === 'side' ? 'btn btn--secondary btn--sm' : 'btn btn--secondary'
  return (
    <form
      className={`feed-filters feed-filters--${variant}`}
      onSubmit={submit}
      noValidate
      aria-label={t.filters}
    >
      {invalid && <FormAlert variant="danger">{t.invalidFilters}</FormAlert>}
      {variant === 'side' && (
        <div className="field">
          <label className="field__label" htmlFor={`${prefix}-testo`}>
            {t.titleText}
          </label>
          <input
            id={`${prefix}-testo`}
            className="input"
            type="search"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${prefix}-testo-hint`}
          />
          <p className="field__hint" id={`${prefix}-testo-hint`}>
            {t.titleTextHint}
          </p>
        </div>
      )}
      <div className="feed-filters__fields">
        <div className="field">
          <label className="field__label" htmlFor={`${prefix}-settore`}>
            {t.sector}
          </label>
          <select
            id={`${prefix}-settore`}
            className="select"
            value={sector}
            onChange={(event) => {
              setSector(Number(event.target.value))
              setContract(-1)
              setInvalid(false)
            }}
          >
            <option value={-1}>{t.allSectors}</option>
            {sectors.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${prefix}-contratto`}>
            {t.contract}
          </label>
          <select
            id={`${prefix}-contratto`}
            className="select"
            value={contract}
            onChange={(event) => {
              setContract(Number(event.target.value))
              setInvalid(false)
            }}
          >
            <option value={-1}>{t.allContracts}</option>
            {options.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <DatePicker
          name="datainizio"
          label={t.from}
          value={from}
          onChange={(value) => {
            setFrom(value)
            if (!value || (to && to < value)) setTo('')
            setInvalid(false)
          }}
        />
        <DatePicker
          name="datafine"
          label={t.to}
          value={to}
          min={from || undefined}
          disabled={!from}
          hint={from ? undefined : t.endNeedsStart}
          onChange={setTo}
        />
      </div>
      <div className="feed-filters__actions">
        {variant === 'top' && (
          <fieldset className="feed-filters__type" data-tour="q-tipo">
            <legend className="visually-hidden">{t.showing}</legend>
            <label>
              <input
                type="radio"
                name={`${prefix}-tipo`}
                checked={type === ''}
                onChange={() => setType('')}
              />{' '}
              {t.newsTab}
            </label>
            <label>
              <input
                type="radio"
                name={`${prefix}-tipo`}
                checked={type === 'scadenza'}
                onChange={() => setType('scadenza')}
              />{' '}
              {t.deadlinesTab}
            </label>
          </fieldset>
        )}
        <button type="submit" className="btn">
          {t.apply}
        </button>
        <div className="feed-filters__month" data-tour="q-mese">
          <button type="button" className={monthButton} onClick={() => monthSearch('scadenza')}>
            {t.monthDeadlines}
          </button>
          <button type="button" className={monthButton} onClick={() => monthSearch('notizia')}>
            {t.monthNews}
          </button>
        </div>
      </div>
    </form>
  )
}
