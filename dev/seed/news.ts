/**
 * The daily feed of the demo set: renewals and pay increases of the demo contracts,
 * practical guides and the product changelog over the twelve months before `today`,
 * and the payroll deadlines from then to the end of the next month.
 */
import { monthlyPay } from '../../modules/content/index.ts'
import { documentLines } from './document.ts'
import { changelogFacts } from './facts/load.ts'
import type { ContractFact, SectorFact } from './facts/model.ts'
import {
  addDays,
  dateIt,
  dateLong,
  esc,
  euro,
  monthNames,
  monthYear,
  paragraphs,
  slugify,
  table,
  weekday,
} from './html.ts'
import { trancheLevels } from './pay.ts'
import { renderPdf } from '../pdf.ts'
import type { Random } from './random.ts'
import type { NewsRecord } from './types.ts'

type Draft = Omit<NewsRecord, 'guid' | 'slug'> & { pdf?: { file: string; name: string; bytes: Uint8Array } }

/** Moves a date falling on Saturday or Sunday to the following Monday. */
export function nextWorkingDay(iso: string): string {
  const day = weekday(iso)
  return day === 6 ? addDays(iso, 2) : day === 0 ? addDays(iso, 1) : iso
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
}

function monthsBetween(from: string, to: string): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = []
  let [y, m] = from.split('-').map(Number) as [number, number]
  const [ty, tm] = to.split('-').map(Number) as [number, number]
  while (y < ty || (y === ty && m <= tm)) {
    out.push({ year: y, month: m })
    m++
    if (m > 12) {
      m = 1
      y++
    }
  }
  return out
}

function iso(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function payTableHtml(contract: ContractFact, date: string): { html: string; rows: string[][] } {
  const tranche = contract.pay.tranches.find((t) => t.date === date)
  if (!tranche) throw new Error(`no tranche ${date}`)
  const index = contract.pay.tranches.indexOf(tranche)
  const previous =
    index > 0 ? trancheLevels(contract.pay, contract.pay.tranches[index - 1] as typeof tranche) : undefined
  const levels = trancheLevels(contract.pay, tranche)
  const rows = levels.map((l) => {
    const before = previous?.find((p) => p.code === l.code)
    return [l.code, euro(l.basePay), before ? euro(l.basePay - before.basePay) : '–', euro(monthlyPay(l))]
  })
  return {
    html: table(
      ['Livello', 'Paga base', 'Aumento', 'Totale minimi'],
      rows.map((r) => r.map(esc)),
      `Minimi dal ${dateLong(date)}`,
    ),
    rows,
  }
}

/** The last day of the month after the month of `today`: deadlines are announced up to it. */
export function deadlineHorizon(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number]
  return lastDayOfMonth(month === 12 ? year + 1 : year, month === 12 ? 2 : month + 1)
}

/** A recurring payroll deadline of every year, worded for that year. */
type AnnualDeadline = {
  month: number
  day: number
  title: (year: number) => string
  paragraphs: (year: number, date: string) => string[]
  sectorCodes?: number[]
  contractCodes?: number[]
}

const annualDeadlines: AnnualDeadline[] = [
  {
    month: 2,
    day: 16,
    title: (y) => `Autoliquidazione INAIL ${y}: versamento del premio`,
    paragraphs: (y) => [
      `Scade il 16 febbraio il termine per il versamento del premio INAIL in autoliquidazione, a saldo per il ${y - 1} e in acconto per il ${y}, in unica soluzione o nella prima di quattro rate.`,
      `La dichiarazione delle retribuzioni va inviata in via telematica entro il ${dateLong(nextWorkingDay(iso(y, 2, 28)))}.`,
      'Le basi di calcolo sono disponibili nel servizio online Alpi, che riporta le riduzioni applicabili per le imprese virtuose.',
    ],
  },
  {
    month: 3,
    day: 16,
    title: (y) => `Certificazione Unica ${y}: consegna ai lavoratori e invio all’Agenzia`,
    paragraphs: (y) => [
      `Entro il 16 marzo i sostituti d’imposta consegnano ai dipendenti la Certificazione Unica dei redditi corrisposti nel ${y - 1} e la trasmettono all’Agenzia delle Entrate.`,
      'Per le certificazioni che non contengono dati da utilizzare nella dichiarazione precompilata l’invio può avvenire entro il termine della dichiarazione dei sostituti d’imposta.',
      'Per ogni certificazione omessa, tardiva o errata è prevista una sanzione, ridotta se la correzione avviene entro sessanta giorni.',
    ],
  },
  {
    month: 9,
    day: 30,
    title: (y) => `Modello 730/${y}: ultimo giorno per la presentazione`,
    paragraphs: () => [
      'Il 30 settembre è l’ultimo giorno per presentare il modello 730, direttamente online o tramite sostituto d’imposta, CAF o professionista.',
      'I rimborsi e le trattenute risultanti sono effettuati dal datore di lavoro nella retribuzione del mese successivo alla ricezione del prospetto di liquidazione.',
      'Chi non presenta il 730 può utilizzare il modello Redditi persone fisiche entro il 31 ottobre.',
    ],
  },
  {
    month: 10,
    day: 31,
    title: (y) => `Modello 770/${y}: invio della dichiarazione dei sostituti d’imposta`,
    paragraphs: (y, date) => [
      `Scade il 31 ottobre il termine per la presentazione telematica del modello 770 relativo alle ritenute operate nel ${y - 1}.`,
      'Nella dichiarazione vanno riportati i versamenti delle ritenute, le compensazioni effettuate e gli eventuali ravvedimenti.',
      date === iso(y, 10, 31)
        ? 'L’invio può avvenire fino alle 24 del giorno di scadenza; le dichiarazioni trasmesse nei novanta giorni successivi sono valide, con la sanzione ridotta.'
        : `Il termine cade di ${weekday(iso(y, 10, 31)) === 6 ? 'sabato' : 'domenica'}: l’invio è tempestivo se effettuato il primo giorno lavorativo successivo, il ${dateLong(date)}.`,
    ],
  },
  {
    month: 12,
    day: 16,
    title: (y) => `Tredicesima mensilità ${y}: pagamento con la retribuzione di dicembre`,
    paragraphs: () => [
      'La tredicesima mensilità va corrisposta entro le festività natalizie; la maggior parte dei contratti fissa il pagamento entro il 20 dicembre.',
      'Per i lavoratori assunti o cessati in corso d’anno spettano tanti dodicesimi quanti sono i mesi di servizio, computando come mese intero le frazioni superiori a quindici giorni.',
      'I periodi di maternità obbligatoria e di malattia entro il comporto sono utili alla maturazione.',
    ],
  },
  {
    month: 2,
    day: 27,
    title: (y) => `Metalmeccanici: flexible benefits ${y} da mettere a disposizione`,
    sectorCodes: [3],
    contractCodes: [121, 122],
    paragraphs: () => [
      'Le imprese metalmeccaniche devono mettere a disposizione dei lavoratori gli strumenti di welfare (flexible benefits), che il rinnovo del 22 novembre 2025 porta a 250 euro annui.',
      'Ne hanno diritto i lavoratori con contratto a tempo indeterminato che abbiano superato il periodo di prova e i lavoratori a termine con almeno tre mesi di servizio nell’anno.',
      'Gli importi non utilizzati entro il termine fissato dal contratto non possono essere monetizzati.',
    ],
  },
  {
    month: 6,
    day: 30,
    title: (y) => `Quattordicesima mensilità ${y}: pagamento con la retribuzione di giugno o luglio`,
    sectorCodes: [11, 8, 10],
    contractCodes: [133, 134, 135, 136, 137, 141, 146],
    paragraphs: () => [
      'I contratti del terziario, del turismo, degli studi professionali, della logistica e dei multiservizi prevedono la quattordicesima mensilità, da corrispondere con la retribuzione di giugno o di luglio.',
      'L’importo è pari a una mensilità della retribuzione in atto al 30 giugno ed è riferito al periodo 1° luglio – 30 giugno.',
      'Per chi è stato assunto nel corso del periodo spettano tanti dodicesimi quanti sono i mesi di servizio.',
    ],
  },
  {
    month: 1,
    day: 30,
    title: (y) => `Edilizia: denuncia e versamento alla Cassa Edile di gennaio ${y}`,
    sectorCodes: [6],
    contractCodes: [130],
    paragraphs: () => [
      'Entro la fine del mese le imprese edili trasmettono alla Cassa Edile la denuncia dei lavoratori occupati e delle ore lavorate nel mese precedente, con il versamento degli accantonamenti e dei contributi.',
      'La regolarità dei versamenti è condizione per il rilascio del DURC e della verifica di congruità della manodopera.',
      'Con il rinnovo del 2025 le aliquote di alcuni fondi paritetici sono state aggiornate: le imprese verifichino le tabelle della Cassa territoriale.',
    ],
  },
]

/** The first update on a negotiation comes 20 to 60 days after the expiry, then one every this many days. */
const NEGOTIATION_UPDATE_DAYS = 150

/**
 * Builds the feed of the twelve months up to `today`, and the payroll deadlines up to
 * the end of the next month. Every item is made from its own facts and its own seeded
 * draws, so the feed of a later day keeps the items of the days both cover (same
 * guid, same text) and only adds the new ones: a portal refreshing its demo feed
 * each day (dev/demo) never churns. Each pay increase of a contract with a full
 * text carries its table as a PDF attachment.
 */
export async function buildNews(
  contracts: ContractFact[],
  sectors: SectorFact[],
  today: string,
  random: Random,
): Promise<{ news: NewsRecord[]; media: Map<string, Uint8Array> }> {
  const start = addDays(today, -364)
  const horizon = deadlineHorizon(today)
  const inWindow = (d: string) => d >= start && d <= today
  const deadlineInWindow = (d: string) => d >= start && d <= horizon
  const allSectors = sectors.map((s) => s.code)
  const drafts: Draft[] = []

  // Pay increases: announced a few days before each decorrenza.
  for (const c of contracts) {
    for (const tranche of c.pay.tranches) {
      const draws = random.fork(`pay:${c.code}:${tranche.date}`)
      const published = nextWorkingDay(addDays(tranche.date, -draws.int(4, 9)))
      if (!inWindow(published)) continue
      const { html, rows } = payTableHtml(c, tranche.date)
      const title = `CCNL ${c.shortTitle}: nuovi minimi retributivi dal ${dateLong(tranche.date)}`
      const body =
        paragraphs([
          `Dal ${dateLong(tranche.date)} si applicano i nuovi minimi retributivi previsti per i dipendenti cui si applica il ${esc(c.title)}${c.cnelCode ? ` (codice CNEL ${c.cnelCode})` : ''}.`,
          esc(tranche.note ?? c.renewal),
          `Di seguito gli importi mensili lordi per livello, confrontati con quelli della decorrenza precedente:`,
        ]) +
        html +
        paragraphs([
          `Gli aumenti vanno applicati a partire dal periodo di paga di ${monthYear(tranche.date)}. Per i lavoratori a tempo parziale gli importi sono riproporzionati in base all'orario contrattuale.`,
          `Le tabelle complete, comprese quelle degli apprendisti, sono consultabili nella sezione Tabelle retributive del contratto.`,
        ])
      const draft: Draft = {
        title,
        date: published,
        type: 'news',
        html: body,
        sectorCodes: [c.sectorCode],
        contractCodes: [c.code],
      }
      if (c.rich) {
        const file = `allegato-minimi-${slugify(c.shortTitle, 40)}-${tranche.date}.pdf`
        const bytes = await renderPdf(
          documentLines({
            title: `${c.shortTitle} – minimi dal ${dateIt(tranche.date)}`,
            intro: c.title,
            sections: [
              {
                title: 'Minimi retributivi mensili lordi (euro)',
                blocks: [{ head: ['Livello', 'Paga base', 'Aumento', 'Totale'], rows }],
              },
              {
                title: 'Note',
                blocks: [tranche.note ?? c.renewal, c.pay.note ?? 'Importi riferiti al tempo pieno.'],
              },
            ],
          }),
          'Banca dati CCNL – Tabelle retributive',
        )
        draft.pdf = { file, name: `Minimi ${c.shortTitle} dal ${dateIt(tranche.date)}.pdf`, bytes }
      }
      drafts.push(draft)
    }
  }

  // Renewals signed in the window, and updates on the negotiations of the contracts past their expiry.
  for (const c of contracts) {
    const signed = nextWorkingDay(addDays(c.signedOn, 2))
    if (inWindow(signed)) {
      drafts.push({
        title: `${c.shortTitle}: firmato il rinnovo del contratto nazionale`,
        date: signed,
        type: 'news',
        sectorCodes: [c.sectorCode],
        contractCodes: [c.code],
        html: paragraphs([
          `È stato sottoscritto il ${dateLong(c.signedOn)} l'accordo di rinnovo del ${esc(c.title)}, tra ${esc(c.employers)} e ${esc(c.unions)}.`,
          esc(c.renewal),
          `Il nuovo contratto decorre dal ${dateLong(c.validFrom)} e scadrà il ${dateLong(c.expiresOn)}. Le parti hanno previsto anche interventi sulla parte normativa, in particolare su contratti a termine, formazione e welfare.`,
          `Il testo consolidato e le tabelle retributive aggiornate sono disponibili nella banca dati. Le singole decorrenze degli aumenti saranno segnalate nel Quotidiano.`,
        ]),
      })
    }
    const first = addDays(c.expiresOn, random.fork(`negotiation:${c.code}`).int(20, 60))
    for (let update = first; update <= today; update = addDays(update, NEGOTIATION_UPDATE_DAYS)) {
      const date = nextWorkingDay(update)
      if (!inWindow(date)) continue
      drafts.push({
        title: `Rinnovo ${c.shortTitle}: prosegue la trattativa (${monthYear(date)})`,
        date,
        type: 'news',
        sectorCodes: [c.sectorCode],
        contractCodes: [c.code],
        html: paragraphs([
          `Prosegue il confronto per il rinnovo del ${esc(c.title)}, scaduto il ${dateLong(c.expiresOn)}.`,
          `Al centro della trattativa restano l'adeguamento dei minimi all'inflazione, il rafforzamento del welfare contrattuale${c.terms.health ? ` (${esc(c.terms.health)})` : ''} e la disciplina dell'orario di lavoro.`,
          `Fino alla sottoscrizione del nuovo accordo continua ad applicarsi il contratto scaduto, in regime di ultrattività. Le parti hanno fissato un nuovo calendario di incontri.`,
        ]),
      })
    }
  }

  // Payroll deadlines, month by month, up to the end of the next month.
  for (const { year, month } of monthsBetween(start, horizon)) {
    const prev = month === 1 ? 12 : month - 1
    const prevName = monthNames[prev - 1] as string
    const f24 = nextWorkingDay(iso(year, month, 16))
    if (deadlineInWindow(f24)) {
      drafts.push({
        title: `Versamento F24 di ${monthNames[month - 1]} ${year}: ritenute e contributi di ${prevName}`,
        date: f24,
        type: 'deadline',
        sectorCodes: allSectors,
        contractCodes: [],
        html: paragraphs([
          `Scade il ${dateLong(f24)} il termine per il versamento, con modello F24, delle ritenute IRPEF e delle addizionali operate sulle retribuzioni di ${prevName}, nonché dei contributi previdenziali e assistenziali dovuti all'INPS.`,
          `Il versamento riguarda anche le ritenute sui compensi di lavoro autonomo corrisposti nel mese precedente.`,
          `Se il termine cade di sabato o in un giorno festivo, il versamento si considera tempestivo se eseguito il primo giorno lavorativo successivo.`,
          `In caso di ritardo è possibile regolarizzare con il ravvedimento operoso, versando gli interessi e la sanzione ridotta in proporzione ai giorni di ritardo.`,
        ]),
      })
    }
    const uniemens = nextWorkingDay(lastDayOfMonth(year, month))
    if (deadlineInWindow(uniemens)) {
      drafts.push({
        title: `Uniemens di ${prevName}: invio entro il ${dateIt(uniemens)}`,
        date: uniemens,
        type: 'deadline',
        sectorCodes: allSectors,
        contractCodes: [],
        html: paragraphs([
          `Entro il ${dateLong(uniemens)} i datori di lavoro trasmettono all'INPS il flusso Uniemens con i dati retributivi e contributivi di ${prevName}.`,
          `Nel flusso va indicato il codice alfanumerico unico del contratto collettivo applicato, attribuito dal CNEL, che la banca dati riporta nella sezione Classificazioni di ogni contratto.`,
          `Le denunce devono riportare anche gli eventi di malattia, maternità e cassa integrazione del mese, con i relativi conguagli.`,
        ]),
      })
    }
    if ([1, 4, 7, 10].includes(month)) {
      const d = nextWorkingDay(iso(year, month, 10))
      if (deadlineInWindow(d)) {
        const quarter = {
          1: 'ottobre – dicembre',
          4: 'gennaio – marzo',
          7: 'aprile – giugno',
          10: 'luglio – settembre',
        }[month as 1 | 4 | 7 | 10]
        drafts.push({
          title: `Lavoro domestico: versamento dei contributi del trimestre ${quarter}`,
          date: d,
          type: 'deadline',
          sectorCodes: [11],
          contractCodes: [138],
          html: paragraphs([
            `Scade il ${dateLong(d)} il termine per il pagamento dei contributi INPS dovuti per colf, badanti e baby-sitter relativi al trimestre ${quarter}.`,
            `Il versamento si effettua con l'avviso di pagamento pagoPA generato dal portale INPS, presso gli sportelli abilitati o online.`,
            `Insieme ai contributi previdenziali va versato il contributo di assistenza contrattuale a favore della Cas.sa Colf previsto dal contratto nazionale.`,
          ]),
        })
      }
    }
  }
  for (let year = Number(start.slice(0, 4)); year <= Number(horizon.slice(0, 4)); year++) {
    for (const deadline of annualDeadlines) {
      const date = nextWorkingDay(iso(year, deadline.month, deadline.day))
      if (!deadlineInWindow(date)) continue
      drafts.push({
        title: deadline.title(year),
        date,
        type: 'deadline',
        sectorCodes: deadline.sectorCodes ?? allSectors,
        contractCodes: deadline.contractCodes ?? [],
        html: paragraphs(deadline.paragraphs(year, date).map(esc)),
      })
    }
  }

  // Product changelog ("AGGIORNAMENTO PRODOTTI"), committed as data/seed/changelog.json.
  for (const { date, title, paragraphs: paras, sectorCodes, contractCodes } of changelogFacts) {
    if (!inWindow(date)) continue
    drafts.push({
      title,
      date,
      type: 'changelog',
      sectorCodes: sectorCodes.length > 0 ? sectorCodes : allSectors,
      contractCodes,
      html: paragraphs(paras.map(esc)),
    })
  }

  // Practical guides on the institutes of each contract, on a calendar of their own.
  const guides: [string, (c: ContractFact) => string[]][] = [
    [
      'come funziona il periodo di prova',
      (c) => [
        `Il ${esc(c.title)} stabilisce la durata massima del periodo di prova in relazione al livello di inquadramento.`,
        c.terms.probation.map(([g, d]) => `${esc(g)}: ${esc(d)}`).join('; ') + '.',
        'Il patto di prova deve risultare da atto scritto anteriore o contestuale all’assunzione; in mancanza, l’assunzione si considera definitiva.',
        'Durante la prova ciascuna parte può recedere senza preavviso; la malattia sospende il decorso del periodo.',
      ],
    ],
    [
      'ferie e permessi retribuiti',
      (c) => [
        `Ai dipendenti cui si applica il contratto ${esc(c.shortTitle)} spettano ferie pari a ${esc(c.terms.ferie)}.`,
        c.terms.rolHours > 0
          ? `Sono inoltre riconosciute ${c.terms.rolHours} ore annue di permessi retribuiti e ${c.terms.exFestivitaHours} ore per le festività soppresse.`
          : 'Il contratto non prevede permessi per riduzione dell’orario.',
        'Le ferie non godute non possono essere monetizzate, salvo la cessazione del rapporto.',
        'Le ore di permesso non fruite entro il termine previsto sono liquidate con la retribuzione in atto.',
      ],
    ],
    [
      'malattia e periodo di comporto',
      (c) => [
        `Il contratto ${esc(c.shortTitle)} garantisce la conservazione del posto per ${c.terms.sickDays} giorni.`,
        `Durante l'assenza spetta ${esc(c.terms.sickPay)}.`,
        'Il lavoratore deve comunicare tempestivamente l’assenza e il numero di protocollo del certificato telematico, restando reperibile nelle fasce orarie di legge.',
        'Superato il comporto il datore di lavoro può recedere con preavviso; il lavoratore può chiedere un periodo di aspettativa non retribuita.',
      ],
    ],
    [
      'preavviso di licenziamento e dimissioni',
      (c) => [
        `I termini di preavviso del contratto ${esc(c.shortTitle)} variano secondo il livello e l'anzianità di servizio.`,
        c.terms.notice.map((r) => `${esc(r[0] ?? '')}: ${esc(r.slice(1).join(', '))}`).join('; ') + '.',
        'In caso di dimissioni i termini sono in genere ridotti alla metà.',
        'Il mancato rispetto del preavviso obbliga a corrispondere l’indennità sostitutiva pari alla retribuzione del periodo non lavorato.',
      ],
    ],
    [
      'lavoro straordinario e maggiorazioni',
      (c) => [
        `Per il contratto ${esc(c.shortTitle)} l'orario normale è di ${c.terms.weeklyHours} ore settimanali.`,
        `Il lavoro straordinario è compensato con la maggiorazione del ${c.terms.overtimePct}%, il notturno con il ${c.terms.nightPct}% e il festivo con il ${c.terms.holidayPct}%.`,
        `La quota oraria si ottiene dividendo la retribuzione mensile per ${c.pay.hourlyDivisor}.`,
        'Le maggiorazioni non sono cumulabili: la maggiore assorbe la minore.',
      ],
    ],
  ]
  // Each contract's guides come back every year on the same days, a topic every few months,
  // so a year of feed holds every guide once.
  const guideContracts = contracts.filter((c) => c.sectorCode !== 14)
  const guideCount = guideContracts.length * guides.length
  for (let year = Number(start.slice(0, 4)); year <= Number(today.slice(0, 4)); year++) {
    for (let turn = 0; turn < guideCount; turn++) {
      const date = nextWorkingDay(addDays(iso(year, 1, 1), Math.floor((turn * 365) / guideCount)))
      if (!inWindow(date)) continue
      const c = guideContracts[turn % guideContracts.length] as ContractFact
      const [topic, make] = guides[Math.floor(turn / guideContracts.length)] as (typeof guides)[number]
      drafts.push({
        title: `CCNL ${c.shortTitle}: ${topic}`,
        date,
        type: 'news',
        sectorCodes: [c.sectorCode],
        contractCodes: [c.code],
        html: paragraphs(make(c)),
      })
    }
  }

  drafts.sort((a, b) =>
    a.date === b.date ? a.title.localeCompare(b.title, 'it') : a.date.localeCompare(b.date),
  )
  const slugs = new Set<string>()
  const media = new Map<string, Uint8Array>()
  const news: NewsRecord[] = drafts.map((d) => {
    const ym = d.date.slice(0, 7)
    const base = slugify(d.title)
    let slug = base
    for (let n = 2; slugs.has(`${ym}/${slug}`); n++) slug = `${base}-${n}`
    slugs.add(`${ym}/${slug}`)
    const { pdf, ...rest } = d
    const record: NewsRecord = {
      guid: random.fork(`guid:${d.type}:${d.date}:${d.title}`).uuid(),
      slug,
      ...rest,
    }
    if (pdf) {
      media.set(pdf.file, pdf.bytes)
      record.attachment = { name: pdf.name, file: pdf.file }
    }
    return record
  })
  return { news, media }
}
