/**
 * Generated search documents at the scale the portal is benchmarked on
 * (100,000 news, 1,000 contracts with 5,000 categories), deterministic for a
 * given seed. Word frequencies follow a power law, so common words match most
 * items, as 'contratto' does in a real feed.
 */
import type { ContractEntry, NewsEntry, NewsType, SearchDocument } from './schemas.ts'

const vocabulary =
  `contratto lavoro retribuzione minimi tabelle aziende dipendenti apprendistato apprendisti ferie permessi
malattia infortunio straordinario rinnovo accordo sindacati rappresentanze sindacale libertà orario lavoratori lavoratrici
impiegati operai quadri dirigenti livello inquadramento scatti anzianità indennità trasferta reperibilità turni notturno
festivo domenicale mensilità tredicesima quattordicesima preavviso licenziamento dimissioni prova formazione sicurezza
salute welfare previdenza complementare fondo assistenza sanitaria integrativa contributi circolare decreto legge
ministero scadenza versamento denuncia modello certificazione comunicazione obbligatoria assunzione cessazione
trasformazione tempo determinato indeterminato somministrazione appalto cambio clausola sociale ammortizzatori cassa
integrazione ordinaria deroga commercio terziario distribuzione servizi turismo pubblici esercizi alberghi ristorazione
edilizia industria artigianato metalmeccanici chimici tessili alimentari trasporti logistica vigilanza pulizie
multiservizi cooperative sanità privata scuola domestico colf badanti agricoltura tantum arretrati aumento elemento
perequativo distinto retributivo premio risultato produttività detassazione conguaglio busta paga cedolino regione
provincia territoriale aziendale secondo contrattazione decentrata verbale ipotesi sottoscrizione firma piattaforma
sciopero nazionale collettivo datori associazioni categoria settore comparto minimo orari ridotto parziale flessibilità
banca ore recupero riposo compensativo festività soppresse maternità paternità congedo parentale allattamento`.split(
    /\s+/,
  )

/** A small deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export type BenchmarkSize = { news: number; contracts: number; categories: number; seed?: number }

/** Batches of generated documents for `SearchIndex.reindex`. */
export function* generateBenchmarkDocuments(size: BenchmarkSize): Generator<SearchDocument[]> {
  const next = random(size.seed ?? 20261122)
  const word = () => vocabulary[Math.floor(next() ** 1.6 * vocabulary.length)] as string
  const words = (count: number) => Array.from({ length: count }, word).join(' ')
  const sectors = 16

  const contracts: ContractEntry[] = []
  for (let category = 1; category <= size.categories; category += 1) {
    const contract = 1 + (category % size.contracts)
    const sector = 1 + (contract % sectors)
    contracts.push({
      kind: 'contract',
      categoryCode: category,
      categoryName: capitalise(words(5)),
      contractCode: contract,
      contractTitle: capitalise(`${words(3)} ${contract}`),
      cnelCode: `Z${String(contract).padStart(3, '0')}`,
      sectorCode: sector,
      sectorName: `Settore ${capitalise(words(2))} ${sector}`,
    })
  }
  yield contracts

  const types: NewsType[] = ['news', 'news', 'news', 'deadline', 'changelog']
  const day = Date.UTC(2026, 10, 22)
  let batch: NewsEntry[] = []
  for (let item = 1; item <= size.news; item += 1) {
    const text = words(150)
    batch.push({
      kind: 'news',
      guid: `bench-${item}`,
      slug: `notizia-${item}`,
      title: capitalise(words(6 + (item % 6))),
      text,
      freeText: text.slice(0, 350),
      excerpt: text.slice(0, 350),
      date: new Date(day - (item % 3650) * 86_400_000).toISOString().slice(0, 10),
      type: types[item % types.length] as NewsType,
      sectorCodes: [1 + (item % sectors)],
      contractCodes: [1 + (item % size.contracts), 1 + ((item * 7) % size.contracts)],
    })
    if (batch.length === 1000) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
