/**
 * The cost of labour ('Costo del lavoro'): the functions the page and the API
 * call (`levelCost` for one level, `categoryCosts` for every level of the
 * category, with a Professional reader: the category, contract, pay table and
 * terms read through the contract database, the rates through Payload, the
 * calculation, the answer serialised to JSON), in process on the demo data
 * set. Reported: p50/p95 of warmed calls and p95 with the contract database's
 * read cache emptied before each call. Targets: p95 under 50 ms for one
 * level, under 200 ms for all levels. Not included: the HTTP layer.
 */
import { measureInChild, quantile, row, type BenchSuite } from './suite.ts'

type Measured = {
  level: number[]
  levelCold: number[]
  levels: number[]
  levelsCold: number[]
  count: number
  annual: number
}

const ONE_LEVEL_MS = 50
const ALL_LEVELS_MS = 200

export const suite: BenchSuite = {
  title: 'Costo del lavoro (categoria 19, livello 4 e tutti i livelli)',
  async run({ logger }) {
    logger.info('Importo i dati dimostrativi e misuro il costo del lavoro')
    const measured = await measureInChild<Measured>({
      runner: 'labour-cost-runner.ts',
      name: 'costo-lavoro',
      logger,
    })
    const one = { comparison: '<' as const, value: ONE_LEVEL_MS }
    const all = { comparison: '<' as const, value: ALL_LEVELS_MS }
    return {
      measuredAt: new Date().toISOString(),
      rows: [
        row('un livello: p95 a caldo', quantile(measured.level, 0.95), 'ms', one),
        row('un livello: p50 a caldo', quantile(measured.level, 0.5), 'ms'),
        row(
          'un livello: p95 con la cache di lettura svuotata',
          quantile(measured.levelCold, 0.95),
          'ms',
          one,
        ),
        row('tutti i livelli: p95 a caldo', quantile(measured.levels, 0.95), 'ms', all),
        row(
          'tutti i livelli: p95 con la cache di lettura svuotata',
          quantile(measured.levelsCold, 0.95),
          'ms',
          all,
        ),
        row('livelli calcolati', measured.count, 'n', { comparison: '>=', value: 8 }),
      ],
      notes: [
        `${measured.level.length} calcoli a caldo e ${measured.levelCold.length} a cache vuota per ciascuna misura; costo annuo del livello 4: ${measured.annual} €.`,
        'Misura le funzioni della pagina e dell’API (levelCost e categoryCosts con il lettore Professional e la serializzazione JSON), senza lo strato HTTP.',
      ],
    }
  },
}
