/**
 * Behaviour of the database pages, by event delegation: the search box's
 * clear button, the sector tree (a sector loads its contracts when opened;
 * the filter, from 3 characters, asks the server as you type), the summary index
 * filter, favourite toggles (3 s notice; 6 s on the favourites page, where
 * the card goes), copy-link (5 s notice), back-to-top after 20 px, and print
 * buttons that fetch a short-lived print token and open the print view.
 */

const TREE_FILTER_DELAY_MS = 250
const FAVOURITE_NOTICE_MS = 3000
const FAVOURITE_REMOVED_MS = 6000
/** A refused favourite's reason is longer than a notice: it stays as long as a removal's. */
const FAVOURITE_REFUSED_MS = FAVOURITE_REMOVED_MS
const LINK_COPIED_MS = 5000
const BACK_TO_TOP_AFTER_PX = 20

let noticeTimer: ReturnType<typeof setTimeout> | undefined

/** Shows a short notice at the bottom of the page. */
function notify(message: string, ms: number): void {
  let box = document.getElementById('db-notice')
  if (!box) {
    box = document.createElement('div')
    box.id = 'db-notice'
    box.className = 'db-notice'
    box.setAttribute('role', 'status')
    box.setAttribute('aria-live', 'polite')
    document.body.append(box)
  }
  box.textContent = message
  box.hidden = false
  clearTimeout(noticeTimer)
  noticeTimer = setTimeout(() => {
    if (box) box.hidden = true
  }, ms)
}

const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()

/** Fetches a piece of the sector tree (server-rendered HTML). */
async function treePiece(tree: HTMLElement, query: Record<string, string>): Promise<string> {
  const url = new URL(tree.dataset.treeSource ?? '', window.location.href)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  const response = await fetch(url, { headers: { accept: 'text/html' } })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.text()
}

/** A status line inside the tree: loading, or the failure with a retry button. */
function treeStatus(tree: HTMLElement, kind: 'loading' | 'failed', retry?: () => void): HTMLElement {
  const line = document.createElement('p')
  line.className = 'db-empty'
  line.setAttribute('role', kind === 'failed' ? 'alert' : 'status')
  line.textContent = (kind === 'failed' ? tree.dataset.failed : tree.dataset.loading) ?? ''
  if (kind === 'failed' && retry) {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'btn btn--secondary btn--sm contract-tree__retry'
    button.textContent = tree.dataset.retry ?? ''
    button.addEventListener('click', retry, { once: true })
    line.append(button)
  }
  return line
}

/** An opened sector of the tree loads its contracts and categories once. */
async function openSector(sector: HTMLDetailsElement): Promise<void> {
  const tree = sector.closest<HTMLElement>('[data-tree-source]')
  const body = sector.querySelector<HTMLElement>('[data-sector-body]')
  if (!tree || !body || sector.dataset.loaded !== undefined || sector.dataset.loading !== undefined) return
  sector.dataset.loading = ''
  body.replaceChildren(treeStatus(tree, 'loading'))
  try {
    body.innerHTML = await treePiece(tree, { settore: sector.dataset.sector ?? '' })
    sector.dataset.loaded = ''
  } catch (error) {
    console.warn('Settore non caricato', error)
    body.replaceChildren(treeStatus(tree, 'failed', () => void openSector(sector)))
  } finally {
    delete sector.dataset.loading
  }
}

document.addEventListener(
  'toggle',
  (event) => {
    const target = event.target
    if (target instanceof HTMLDetailsElement && target.open && target.dataset.sector) void openSector(target)
  },
  true,
)

let treeFilterTimer: ReturnType<typeof setTimeout> | undefined
let treeFilterRun = 0
/** The text the tree shows now ('' for the collapsed sectors). */
let treeFilterShown: string | undefined

/** The tree as the server filters it: categories whose description contains the text (3+ characters). */
async function filterTree(input: HTMLInputElement, force = false): Promise<void> {
  const tree = document.getElementById(input.dataset.treeFilter ?? '')
  if (!tree) return
  treeFilterShown ??=
    input.defaultValue.trim().length >= Number(input.dataset.treeFilterMin) ? input.defaultValue.trim() : ''
  const text = input.value.trim()
  const wanted = text.length >= Number(input.dataset.treeFilterMin) ? text : ''
  if (!force && wanted === treeFilterShown) return
  const run = ++treeFilterRun
  tree.setAttribute('aria-busy', 'true')
  try {
    const html = await treePiece(tree, wanted ? { filtro: wanted } : {})
    if (run !== treeFilterRun) return
    tree.innerHTML = html
    treeFilterShown = wanted
    const address = new URL(window.location.href)
    if (wanted) address.searchParams.set('filtro', wanted)
    else address.searchParams.delete('filtro')
    history.replaceState(history.state, '', address)
  } catch (error) {
    if (run !== treeFilterRun) return
    console.warn("Filtro dell'albero non riuscito", error)
    tree.replaceChildren(treeStatus(tree, 'failed', () => void filterTree(input, true)))
  } finally {
    if (run === treeFilterRun) tree.removeAttribute('aria-busy')
  }
}

/** A plain list (e.g. a summary's index): entries containing the text. */
function filterList(input: HTMLInputElement): void {
  const list = document.getElementById(input.dataset.listFilter ?? '')
  if (!list) return
  const query = normalise(input.value)
  for (const item of list.querySelectorAll<HTMLElement>('li')) {
    item.hidden = query.length > 0 && !normalise(item.textContent ?? '').includes(query)
  }
}

document.addEventListener('input', (event) => {
  const target = event.target
  if (!(target instanceof HTMLInputElement)) return
  if (target.dataset.treeFilter) {
    clearTimeout(treeFilterTimer)
    treeFilterTimer = setTimeout(() => void filterTree(target), TREE_FILTER_DELAY_MS)
  }
  if (target.dataset.listFilter) filterList(target)
})

async function toggleFavourite(button: HTMLButtonElement): Promise<void> {
  const { uid, category, added, removed, removedCard } = button.dataset
  if (!uid || !category || button.disabled) return
  button.disabled = true
  try {
    const response = await fetch(
      `/api/v1/user/toggleccnltofavorites/${encodeURIComponent(uid)}/${category}`,
      {
        method: 'POST',
        headers: { accept: 'application/json' },
      },
    )
    if (response.status === 401) {
      document.dispatchEvent(new CustomEvent('sessione:scaduta'))
      return
    }
    if (response.status === 403) {
      // A favourite needs a trial in progress or a subscription: the server says so.
      const refused = (await response.json()) as { error?: { message?: string } }
      notify(refused.error?.message ?? '', FAVOURITE_REFUSED_MS)
      return
    }
    if (!response.ok) return
    const body = (await response.json()) as { isFavorite: boolean }
    button.setAttribute('aria-pressed', String(body.isFavorite))
    const label = button.querySelector('[data-label]')
    if (label)
      label.textContent = body.isFavorite ? (button.dataset.labelOn ?? '') : (button.dataset.labelOff ?? '')
    const card = button.closest<HTMLElement>('[data-favourite-card]')
    if (card && !body.isFavorite) {
      card.remove()
      const contract = card.dataset.contract
      const stillFollowed = document.querySelector(`[data-favourite-card][data-contract="${contract}"]`)
      if (contract && !stillFollowed) {
        for (const news of document.querySelectorAll<HTMLElement>(`[data-favourite-news~="${contract}"]`))
          news.remove()
      }
      const left = document.querySelectorAll('[data-favourite-card]').length
      const empty = document.getElementById('preferiti-vuoto')
      if (empty && left === 0) empty.hidden = false
      notify(removedCard ?? '', FAVOURITE_REMOVED_MS)
      return
    }
    notify((body.isFavorite ? added : removed) ?? '', FAVOURITE_NOTICE_MS)
  } finally {
    button.disabled = false
  }
}

async function openPrint(button: HTMLButtonElement): Promise<void> {
  const { printType, printRef } = button.dataset
  if (!printType || !printRef) return
  // Opened now, inside the click, so browsers do not block the new tab.
  const tab = window.open('about:blank', '_blank')
  const response = await fetch('/api/v1/stampa/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ tipoDocumento: printType, codiceRiferimento: printRef }),
  })
  if (!response.ok) {
    tab?.close()
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    notify(body?.error?.message ?? '', LINK_COPIED_MS)
    return
  }
  const { url } = (await response.json()) as { url: string }
  if (tab) tab.location.href = url
  else window.location.href = url
}

async function copyLink(button: HTMLElement): Promise<void> {
  const href = button.dataset.copyLink || window.location.href
  const url = new URL(href, window.location.href).toString()
  try {
    await navigator.clipboard.writeText(url)
  } catch {
    // Without clipboard permission: select the address in a prompt-free way.
    const field = document.createElement('textarea')
    field.value = url
    document.body.append(field)
    field.select()
    document.execCommand('copy')
    field.remove()
  }
  notify(button.dataset.copied ?? '', LINK_COPIED_MS)
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null
  if (!target) return
  const clear = target.closest<HTMLElement>('[data-clear-search]')
  if (clear) {
    const form = clear.closest('form')
    const input = form?.querySelector<HTMLInputElement>('input[type="search"]')
    if (input) input.value = ''
    const results = document.getElementById(clear.dataset.clearSearch ?? '')
    if (results) results.hidden = true
    // The address loses the search and keeps the rest (the comparison selection).
    const here = new URL(window.location.href)
    if (here.searchParams.has('q')) {
      here.searchParams.delete('q')
      history.replaceState(null, '', `${here.pathname}${here.search}`)
    }
    input?.focus()
    return
  }
  const favourite = target.closest<HTMLButtonElement>('button[data-favourite]')
  if (favourite) {
    event.preventDefault()
    void toggleFavourite(favourite)
    return
  }
  const print = target.closest<HTMLButtonElement>('button[data-print-type]')
  if (print) {
    event.preventDefault()
    void openPrint(print)
    return
  }
  const copy = target.closest<HTMLElement>('[data-copy-link]')
  if (copy) {
    event.preventDefault()
    void copyLink(copy)
    return
  }
  if (target.closest('[data-back-to-top]')) window.scrollTo({ top: 0, behavior: 'smooth' })
})

// The search form runs only for text longer than 3 characters.
document.addEventListener('submit', (event) => {
  const form = event.target
  if (form instanceof HTMLFormElement && form.dataset.treeForm !== undefined) {
    // With JavaScript the tree filters in place (without, the form reloads the page with `filtro`).
    const input = form.querySelector<HTMLInputElement>('input[data-tree-filter]')
    if (input) {
      event.preventDefault()
      clearTimeout(treeFilterTimer)
      void filterTree(input, true)
      return
    }
  }
  if (!(form instanceof HTMLFormElement) || !form.dataset.minLength) return
  const input = form.querySelector<HTMLInputElement>('input[type="search"]')
  const min = Number(form.dataset.minLength)
  if (input && input.value.trim().length <= min) {
    event.preventDefault()
    input.setCustomValidity(form.dataset.minMessage ?? '')
    input.reportValidity()
    input.addEventListener('input', () => input.setCustomValidity(''), { once: true })
  }
})

function updateBackToTop(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-back-to-top]')) {
    button.hidden = window.scrollY <= BACK_TO_TOP_AFTER_PX
  }
}
window.addEventListener('scroll', updateBackToTop, { passive: true })
updateBackToTop()

// Dialogs that must show as the page opens (e.g. 'non ci sono contenuti visualizzabili').
for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-open-on-load]')) {
  if (!dialog.open) dialog.showModal()
}
