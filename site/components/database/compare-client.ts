/**
 * The comparison page with JavaScript: the picker suggests contracts as you
 * type (the public contract search API, from 4 characters), and choosing a
 * category or a level updates the comparison at once. Without JavaScript the
 * same forms work by submitting.
 */

const SUGGEST_DELAY_MS = 250
const MIN_EXCLUSIVE = 3
const MAX_SUGGESTIONS = 10

type Hit = {
  codiceContratto: number
  categoria: { descrizioneContratto: string; descrizioneSettore: string; codiceCnel: string | null }
}

let timer: ReturnType<typeof setTimeout> | undefined
let run = 0

/** The address of the comparison with `code` added. */
function addedHref(form: HTMLFormElement, code: number): string {
  const base = form.dataset.compareBase ?? ''
  return base.includes('?contratti=') ? `${base},${code}` : `${base}?contratti=${code}`
}

function suggestion(form: HTMLFormElement, hit: Hit, chosen: Set<string>): HTMLLIElement {
  const item = document.createElement('li')
  item.className = 'db-result compare-hit'
  const title = document.createElement('span')
  title.className = 'db-result__title'
  title.textContent = hit.categoria.descrizioneContratto
  const meta = document.createElement('span')
  meta.className = 'db-result__meta'
  meta.textContent = [hit.categoria.codiceCnel, hit.categoria.descrizioneSettore].filter(Boolean).join(' · ')
  item.append(title, meta)
  const template = form.querySelector<HTMLTemplateElement>('template[data-compare-add]')
  if (chosen.has(String(hit.codiceContratto))) {
    const added = document.createElement('span')
    added.className = 'muted'
    added.textContent = template?.dataset.added ?? ''
    item.append(added)
  } else {
    const link = document.createElement('a')
    link.className = 'btn btn--secondary btn--sm'
    link.href = addedHref(form, hit.codiceContratto)
    link.textContent = template?.dataset.add ?? ''
    item.append(link)
  }
  return item
}

async function suggest(form: HTMLFormElement, input: HTMLInputElement): Promise<void> {
  const list = form.querySelector<HTMLElement>('#aggiungi-risultati')
  const text = input.value.trim()
  if (!list) return
  const current = ++run
  if (text.length <= MIN_EXCLUSIVE) {
    list.replaceChildren()
    return
  }
  const response = await fetch(`/api/v1/ccnlsearch/ccnl/${encodeURIComponent(text)}`, {
    headers: { accept: 'application/json' },
  })
  if (current !== run || !response.ok) return
  const hits = (await response.json()) as Hit[]
  const seen = new Set<number>()
  const unique = hits.filter((hit) => !seen.has(hit.codiceContratto) && seen.add(hit.codiceContratto))
  const chosen = new Set((form.dataset.compareChosen ?? '').split(',').filter(Boolean))
  if (unique.length === 0) {
    const empty = document.createElement('li')
    empty.className = 'muted'
    empty.textContent = form.dataset.compareEmpty ?? ''
    list.replaceChildren(empty)
    return
  }
  list.replaceChildren(...unique.slice(0, MAX_SUGGESTIONS).map((hit) => suggestion(form, hit, chosen)))
}

document.addEventListener('input', (event) => {
  const input = event.target
  if (!(input instanceof HTMLInputElement)) return
  const form = input.closest<HTMLFormElement>('form[data-compare-picker]')
  if (!form) return
  clearTimeout(timer)
  timer = setTimeout(() => {
    suggest(form, input).catch((error: unknown) => console.warn('Suggerimenti non caricati', error))
  }, SUGGEST_DELAY_MS)
})

/**
 * The comparison's address after a choice: each contract with its category
 * and level (`133:19:1,121:10`); a new category starts from its reference level.
 */
function chosenHref(form: HTMLFormElement): string {
  const current = form.querySelector<HTMLInputElement>('input[name="contratti"]')?.value ?? ''
  const choices = current.split(',').map((entry) => {
    const [contract = '', category = ''] = entry.split(':')
    const pick = (name: string) =>
      form.querySelector<HTMLSelectElement>(`select[name="${name}${contract}"]`)?.value ?? ''
    const chosenCategory = pick('categoria') || category
    const level = chosenCategory === category ? pick('livello') : ''
    return [contract, chosenCategory, level].join(':').replace(/:+$/, '')
  })
  return `${form.getAttribute('action') ?? ''}?contratti=${choices.join(',')}`
}

document.addEventListener('change', (event) => {
  const select = event.target
  if (!(select instanceof HTMLSelectElement)) return
  const form = select.closest<HTMLFormElement>('form[data-compare-form]')
  if (form) window.location.assign(chosenHref(form))
})

for (const apply of document.querySelectorAll<HTMLElement>('[data-compare-apply]')) apply.hidden = true
