import { describe, expect, it } from 'vitest'
import { createProgressBar, formatReport } from './index.ts'
import { emptyEntityReport, finishReport } from './report.ts'

describe('the import report', () => {
  const report = finishReport({
    format: 'package',
    source: '/dati/pacchetto',
    name: 'Pacchetto di prova',
    dryRun: true,
    startedAt: new Date(Date.now() - 1500).toISOString(),
    entities: [
      { ...emptyEntityReport('sectors', 'sectors.jsonl'), total: 2, created: 1, unchanged: 1 },
      {
        ...emptyEntityReport('payTables', 'pay-tables.jsonl'),
        total: 3,
        updated: 2,
        rejected: [
          {
            file: 'pay-tables.jsonl',
            line: 3,
            key: '9999_2024-01-01',
            reasons: ['categoria 9999 inesistente'],
          },
        ],
      },
    ],
  })

  it('is partial when records were rejected, with totals', () => {
    expect(report.status).toBe('partial')
    expect(report.totals).toEqual({ created: 1, updated: 2, unchanged: 1, rejected: 1 })
  })

  it('prints a table of counts and every rejected record with file and line', () => {
    const text = formatReport(report)
    expect(text).toContain(
      'Importazione completata con record scartati: Pacchetto di prova (/dati/pacchetto) — PROVA: nessuna modifica salvata',
    )
    expect(text).toContain('Entità               Letti  Creati  Aggiornati  Invariati  Scartati')
    expect(text).toContain('Tabelle retributive      3       0           2          0         1')
    expect(text).toContain('Totale                   5       1           2          1         1')
    expect(text).toContain('  pay-tables.jsonl:3 [9999_2024-01-01]: categoria 9999 inesistente')
  })

  it('names the batches that were rolled back', () => {
    const failed = finishReport({
      ...report,
      entities: [{ ...emptyEntityReport('news', 'news.jsonl'), total: 4, failure: 'connessione interrotta' }],
    })
    expect(failed.status).toBe('failed')
    expect(formatReport(failed)).toContain(
      'Lotti annullati (nessun record salvato):\n  Notizie (news.jsonl): connessione interrotta',
    )
  })
})

describe('the progress bar', () => {
  it('writes nothing when the output is not a terminal', () => {
    const written: string[] = []
    const stream = {
      isTTY: false,
      write: (chunk: string) => written.push(chunk),
    } as unknown as NodeJS.WriteStream
    const bar = createProgressBar(stream)
    bar.onProgress({ entity: 'sectors', done: 1, total: 2 })
    bar.stop()
    expect(written).toEqual([])
  })

  it('draws one line per entity on a terminal', () => {
    const written: string[] = []
    const stream = {
      isTTY: true,
      columns: 80,
      write: (chunk: string) => written.push(chunk),
    } as unknown as NodeJS.WriteStream
    const bar = createProgressBar(stream)
    bar.onProgress({ entity: 'sectors', done: 2, total: 2 })
    bar.onProgress({ entity: 'news', done: 1, total: 4 })
    bar.stop()
    const output = written.join('')
    expect(output).toContain('Settori                [##############################] 2/2')
    expect(output).toContain('Notizie                [##############################] 4/4')
  })
})
