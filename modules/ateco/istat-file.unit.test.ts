import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { IstatFileError, parseIstatAteco, type AtecoRecord } from './istat-file.ts'

const header =
  'ORDINE_CODICE_ATECO_2025;CODICE_ATECO_2025;TITOLO_ITALIANO_ATECO_2025;GERARCHIA_ATECO_2025;CODICE_PADRE_ATECO_2025;COMPRENDE_ATECO_2025;NON_COMPRENDE_ATECO_2025'

const records = (text: string) =>
  parseIstatAteco(text).flatMap((row) => ('record' in row ? [row.record] : []))
const errors = (text: string) =>
  parseIstatAteco(text).flatMap((row) => ('error' in row ? [[row.line, row.error] as const] : []))

describe('the ISTAT list of ATECO 2025 codes', () => {
  it('reads each level with its section, parent and notes', () => {
    const text = [
      `\uFEFF${header}`,
      '1;I;Attività dei servizi di alloggio e di ristorazione;1;;;',
      '2;56;Attività dei servizi di ristorazione;2;I;;',
      '3;56.11;Attività di ristoranti;4;56.1;;',
      '4;56.11.11;"Attività di ristoranti con servizio al tavolo; escluse gelaterie";6;56.11.1;ristoranti, trattorie, pizzerie;"le mense, cfr. ""56.22"""',
    ].join('\r\n')
    expect(records(text)).toEqual<AtecoRecord[]>([
      {
        code: 'I',
        title: 'Attività dei servizi di alloggio e di ristorazione',
        level: 'sezione',
        section: 'I',
        parentCode: null,
        order: 1,
        includes: null,
        excludes: null,
      },
      {
        code: '56',
        title: 'Attività dei servizi di ristorazione',
        level: 'divisione',
        section: 'I',
        parentCode: 'I',
        order: 2,
        includes: null,
        excludes: null,
      },
      {
        code: '56.11',
        title: 'Attività di ristoranti',
        level: 'classe',
        section: 'I',
        parentCode: '56.1',
        order: 3,
        includes: null,
        excludes: null,
      },
      {
        code: '56.11.11',
        title: 'Attività di ristoranti con servizio al tavolo; escluse gelaterie',
        level: 'sottocategoria',
        section: 'I',
        parentCode: '56.11.1',
        order: 4,
        includes: 'ristoranti, trattorie, pizzerie',
        excludes: 'le mense, cfr. "56.22"',
      },
    ])
  })

  it('refuses bad rows with their line and an Italian reason, keeping the others', () => {
    const text = [
      header,
      '1;I;Attività dei servizi di alloggio e di ristorazione;1;;;',
      '2;56;Attività dei servizi di ristorazione;2;I;;',
      '3;56.1x;Codice sbagliato;3;56;;',
      '4;56.11.11;;6;56.11.1;;',
      '5;56.30.01;Bar e caffetterie;5;56.30.0;;',
      '6;56.30.02;Cocktail bar;6;56.2;;',
      '7;47.11.02;Negozi di alimentari;6;47.11.0;;',
      '8;55;Alloggio;2;;;',
      '9;56.30;Somministrazione di bevande',
      '10;56.30.0;Attività di somministrazione di bevande;3;56.30;;',
    ].join('\n')
    expect(errors(text)).toEqual([
      [4, 'codice ATECO non valido: «56.1x»'],
      [5, 'titolo mancante'],
      [6, 'livello 5 (categoria) diverso da quello del codice 56.30.01 (sottocategoria)'],
      [7, 'codice padre «56.2» diverso da quello del codice 56.30.02 (56.30.0)'],
      [8, 'divisione 47 assente dal file: la sezione del codice 47.11.02 non è determinabile'],
      [9, 'la divisione 55 deve indicare la sua sezione (lettera A–V) come codice padre'],
      [10, 'attese 7 colonne separate da «;», trovate 3'],
      [11, 'livello 3 (gruppo) diverso da quello del codice 56.30.0 (categoria)'],
    ])
    expect(records(text).map((record) => record.code)).toEqual(['I', '56'])
  })

  it('refuses a file without the code or title column as a whole', () => {
    expect(() => parseIstatAteco('Codice,Titolo\n56,Ristorazione\n')).toThrow(IstatFileError)
    expect(() => parseIstatAteco('Codice,Titolo\n56,Ristorazione\n')).toThrow(
      'intestazione senza le colonne CODICE_ATECO_2025, TITOLO_ITALIANO_ATECO_2025 (separatore «;»)',
    )
    expect(() => parseIstatAteco('')).toThrow('il file è vuoto')
  })

  it('reads the shipped list, the whole ATECO 2025 classification, without a single refusal', () => {
    const here = path.dirname(fileURLToPath(import.meta.url))
    const text = readFileSync(path.join(here, '../../data/istat/ateco-2025.csv'), 'utf8')
    const rows = parseIstatAteco(text)
    expect(rows.filter((row) => 'error' in row)).toEqual([])
    const parsed = records(text)
    // ISTAT's counts: 22 sections, 87 divisions, 287 groups, 651 classes, 920 categories, 1,290 sub-categories.
    const count = (level: string) => parsed.filter((record) => record.level === level).length
    expect(['sezione', 'divisione', 'gruppo', 'classe', 'categoria', 'sottocategoria'].map(count)).toEqual([
      22, 87, 287, 651, 920, 1290,
    ])
    expect(new Set(parsed.map((record) => record.code)).size).toBe(3257)
    // Every level has its official title, and every code but a section has its parent in the list.
    const byCode = new Map(parsed.map((record) => [record.code, record]))
    expect(parsed.filter((record) => record.title.trim() === '')).toEqual([])
    expect(parsed.filter((record) => record.parentCode !== null && !byCode.has(record.parentCode))).toEqual(
      [],
    )
    expect(byCode.get('62')?.title).toBe(
      'Attività di programmazione, consulenza informatica e attività connesse',
    )
    expect(byCode.get('62.10.00')).toMatchObject({
      title: 'Attività di programmazione informatica',
      section: 'K',
    })
    expect(byCode.get('95.31.10')?.section).toBe('T')
  })
})
