/**
 * The filter panels of the feed: sector and contract (a sector resets the
 * contract and limits the list to its contracts), a gg/mm/aaaa date range
 * chosen in a calendar (the end only after a start), in the side panel also a
 * text that filters titles; in the top panel the NEWS / SCADENZE choice of the
 * list that opens first; the 'month' buttons. Invalid filters show
 * 'I filtri impostati non sono validi.'.
 *
 * The page sends only the sectors and the contract already chosen (or, on
 * the favourites pages, the short list of followed contracts): the contract
 * list is fetched from /api/v1/contratti/opzioni as the panel is first used
 * (a field gets focus or the pointer reaches the contract list) and again,
 * limited to the sector, when a sector is chosen.
 */
import { useCallback, useMemo, useRef, useState } from 'react'
import { feed } from '#modules/i18n'
import { ccnlApi, resultOf } from '../api-client.ts'
import { FormAlert } from '../FormParts.tsx'
import { DatePicker, italian } from './DatePicker.tsx'
import { filtersValid } from './filters.ts'

const t = feed.search

export type FilterOption = { code: number; name: string; sectorCode?: number }

/** The compact, cacheable contract list (`?settore=` limits it to a sector). */

type Load = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; list: FilterOption[] }

type Props = {
  variant: 'top' | 'side'
  sectors: FilterOption[]
  /** A fixed contract list (the followed contracts); without it the list is fetched. */
  contracts?: FilterOption[]
  /** The contract already chosen, shown before the list is fetched. */
  selected?: FilterOption | null
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

/** The contracts of a sector (-1: all), fetched once per sector while the panel lives; the full list serves every sector. */
function useContractList(sector: number, fixed: FilterOption[] | undefined) {
  const [loads, setLoads] = useState<Record<number, Load>>({})
  const current = useRef(loads)
  current.current = loads
  const load = useCallback(
    async (key: number) => {
      const known = current.current
      if (fixed || known[-1]?.status === 'ready') return
      if (known[key] && known[key].status !== 'failed') return
      const record = (state: Load) => {
        current.current = { ...current.current, [key]: state }
        setLoads(current.current)
      }
      record({ status: 'loading' })
      try {
        const result = await resultOf(
          ccnlApi.contratti.opzioni.$get({ query: key === -1 ? {} : { settore: String(key) } }),
        )
        if (!result.ok) throw new Error(`HTTP ${result.status}`)
        record({ status: 'ready', list: result.data })
      } catch (error) {
        console.warn('Elenco dei contratti non disponibile', error)
        record({ status: 'failed' })
      }
    },
    [fixed],
  )
  const all = loads[-1]
  const state: Load = fixed
    ? { status: 'ready', list: fixed }
    : loads[sector]?.status === 'ready' || all?.status !== 'ready'
      ? (loads[sector] ?? { status: 'idle' })
      : all
  return { state, load: () => load(sector), loadSector: load }
}

export default function FeedFilters({
  variant,
  sectors,
  contracts,
  selected = null,
  action,
  initial = {},
  month,
}: Props) {
  const [sector, setSector] = useState(initial.settore ?? -1)
  const [contract, setContract] = useState(initial.contratto ?? -1)
  const [from, setFrom] = useState(initial.from ?? '')
  const [to, setTo] = useState(initial.to ?? '')
  const [text, setText] = useState(initial.testo ?? '')
  const [invalid, setInvalid] = useState(false)
  // The top panel chooses the list that opens first (NEWS or SCADENZE); the side panel keeps the page's.
  const [type, setType] = useState(initial.type === 'scadenza' ? 'scadenza' : '')
  const { state, load, loadSector } = useContractList(sector, contracts)
  const options = useMemo(() => {
    if (state.status !== 'ready') return selected && selected.code === contract ? [selected] : []
    return sector === -1 ? state.list : state.list.filter((item) => item.sectorCode === sector)
  }, [state, sector, selected, contract])

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
              const chosen = Number(event.target.value)
              setSector(chosen)
              setContract(-1)
              setInvalid(false)
              void loadSector(chosen)
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
            aria-busy={state.status === 'loading'}
            aria-describedby={state.status === 'ready' ? undefined : `${prefix}-contratto-stato`}
            onFocus={() => {
              if (state.status === 'idle') void load()
            }}
            onPointerEnter={() => {
              if (state.status === 'idle') void load()
            }}
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
          <div id={`${prefix}-contratto-stato`} aria-live="polite">
            {state.status === 'loading' && <p className="field__hint">{t.contractsLoading}</p>}
            {state.status === 'failed' && (
              <p className="field__error feed-filters__retry">
                {t.contractsFailed}{' '}
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => void load()}>
                  {t.retry}
                </button>
              </p>
            )}
          </div>
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
