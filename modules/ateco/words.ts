/**
 * The words of a search and of the ATECO titles, as the finder compares
 * them: plain letters, Italian stop words out, each word reduced to its
 * stem (a light Italian stemmer after Snowball's: «ristorante»,
 * «ristoranti» and «ristorazione» share «ristor»), and the everyday words
 * people type turned into the titles' vocabulary by the committed synonyms
 * (data/ateco/sinonimi.json). Pure functions; the synonyms are data.
 */
import synonymsFile from '../../data/ateco/sinonimi.json' with { type: 'json' }

const STOP_WORDS = new Set(
  (
    'a ad al alla alle agli ai allo all con col da dal dalla dalle dai dagli dallo dall dei del della ' +
    'delle degli dello dell di e ed gli i il in la le lo l nei nel nella nelle negli nello nell o od ' +
    'per su sul sulla sulle sui sugli sull un una uno che ecc tipo tra fra come non n c d'
  ).split(' '),
)

/** Lower case, no accents, letters and digits only. */
export function plainText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()
}

/** The derivational endings stripped first, longest first (Snowball's step 1, simplified). */
const SUFFIXES = [
  'azione',
  'azioni',
  'uzione',
  'uzioni',
  'usione',
  'usioni',
  'amento',
  'amenti',
  'imento',
  'imenti',
  'atrice',
  'atrici',
  'amente',
  'ivita',
  'icita',
  'abile',
  'abili',
  'ibile',
  'ibili',
  'atore',
  'atori',
  'mente',
  'logia',
  'logie',
  'ismo',
  'ismi',
  'ista',
  'iste',
  'isti',
  'anza',
  'anze',
  'enza',
  'enze',
  'ante',
  'anti',
  'iche',
  'ichi',
  'ico',
  'ici',
  'ica',
  'ice',
  'oso',
  'osi',
  'osa',
  'ose',
  'ivo',
  'ivi',
  'iva',
  'ive',
  'ita',
]
const VOWEL_END = /[aeio]$/

/**
 * The stem of a plain word: a derivational ending (when enough of the word
 * remains), then the final vowel and an `i` before it, then the `h`
 * of `ch`/`gh` (alberghi → alberg). Words of three letters or fewer and
 * numbers stay as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  let result = word
  for (const suffix of SUFFIXES) {
    // Short endings only from longer words: «edifici» keeps its stem, «informatica» loses «ica».
    if (result.endsWith(suffix) && result.length - suffix.length >= (suffix.length <= 4 ? 5 : 4)) {
      result = result.slice(0, -suffix.length)
      break
    }
  }
  if (VOWEL_END.test(result) && result.length > 3) {
    result = result.slice(0, -1)
    if (result.endsWith('i') && result.length > 3) result = result.slice(0, -1)
  }
  if (/[cg]h$/.test(result)) result = result.slice(0, -1)
  return result
}

/** The meaningful words of a text (stop words and single letters out). */
export function words(text: string): string[] {
  return plainText(text)
    .split(' ')
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
}

/**
 * The stems of an ATECO title or note, leaving out what it excludes
 * («…, escluse gelaterie e pasticcerie» does not speak of ice-cream shops).
 */
export function titleStems(text: string): string[] {
  return text
    .split(/[,;:()]/)
    .flatMap((part) => {
      const list = words(part)
      const excluded = list.findIndex((word) => /^(esclus|eccett|tranne)/.test(word))
      return excluded < 0 ? list : list.slice(0, excluded)
    })
    .map(stem)
}

type SynonymsFile = { sinonimi: Record<string, string[]>; generiche: string[] }
const file = synonymsFile as SynonymsFile

/** Everyday words and phrases (plain, by number of words, longest first) → phrases of the titles, as stems. */
const synonyms = new Map(
  Object.entries(file.sinonimi).map(([key, phrases]) => [
    plainText(key),
    phrases.map((phrase) => words(phrase).map(stem)),
  ]),
)
const phraseKeys = [...synonyms.keys()].sort(
  (left, right) => right.split(' ').length - left.split(' ').length || right.length - left.length,
)
const generic = new Set(file.generiche.map(plainText))

/** One thing the searcher asked for: a word or a known phrase, and the stem lists that satisfy it. */
export type QueryTerm = { text: string; alternatives: string[][] }

/**
 * The terms of a query: the known phrases of the synonyms first («impresa
 * di pulizie», «agenzia immobiliare»), then each remaining word. Each term
 * is satisfied by its own stems or by one of its synonyms. Generic words
 * («impresa», «azienda») are left out.
 */
export function queryTerms(query: string): QueryTerm[] {
  let rest = ` ${words(query).join(' ')} `
  const terms: QueryTerm[] = []
  for (const key of phraseKeys) {
    if (!key.includes(' ')) break
    const keyWords = words(key).join(' ')
    if (keyWords === '' || !rest.includes(` ${keyWords} `)) continue
    rest = rest.replace(` ${keyWords} `, ' ')
    terms.push({ text: key, alternatives: [words(key).map(stem), ...(synonyms.get(key) ?? [])] })
  }
  for (const word of rest.split(' ')) {
    if (word === '' || generic.has(word)) continue
    if (terms.some((term) => term.text === word)) continue
    terms.push({ text: word, alternatives: [[stem(word)], ...(synonyms.get(word) ?? [])] })
  }
  return terms
}

/** Every phrase of the synonyms file, as stems (the tests check each names some code). */
export const synonymPhrases = (): { key: string; stems: string[] }[] =>
  [...synonyms.entries()].flatMap(([key, phrases]) => phrases.map((stems) => ({ key, stems })))
