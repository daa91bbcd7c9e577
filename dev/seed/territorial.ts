/**
 * Second-level bargaining of the demo set: provincial and regional agreements, company
 * agreements, and the territorial and company pay tables that go with them.
 */
import { monthlyPay } from '../../modules/content/index.ts'
import type { ContractFact } from './facts/model.ts'
import { cents, dateIt, dateLong, esc, euro, paragraphs, table } from './html.ts'
import { rankedLevels, trancheLevels } from './pay.ts'
import type { Random } from './random.ts'
import { buildSecondLevelDocument } from './texts.ts'
import type { CompanyRecord, ContractTextRecord, TerritorialPayTableRecord } from './types.ts'

export type Province = { code: string; regionCode: string; name: string }
export type Region = { code: string; name: string }

type Plan = {
  contract: number
  category: number
  provinces: string[]
  regions: string[]
  /** Decorrenze of the territorial tables (national tranches the provincial elements apply to). */
  tableDates: string[]
  kind: 'terziario' | 'edilizia' | 'turismo'
}

const plans: Plan[] = [
  {
    contract: 133,
    category: 19,
    provinces: ['MI', 'RM', 'TO', 'NA', 'BO', 'FI'],
    regions: ['05'],
    tableDates: ['2025-11-01', '2026-11-01'],
    kind: 'terziario',
  },
  {
    contract: 130,
    category: 23,
    provinces: ['MI', 'RM', 'TO', 'BG', 'NA', 'BA', 'PA'],
    regions: ['08'],
    tableDates: ['2025-02-01', '2026-03-01'],
    kind: 'edilizia',
  },
  {
    contract: 135,
    category: 32,
    provinces: ['RN', 'VE', 'NA', 'BZ'],
    regions: ['09', '20'],
    tableDates: ['2025-06-01', '2026-05-01'],
    kind: 'turismo',
  },
]

const companyPlans: { code: number; name: string; contract: number; category: number; province: string }[] = [
  { code: 9001, name: 'Officine Meccaniche Lombarde S.p.A.', contract: 121, category: 10, province: 'BS' },
  { code: 9002, name: 'Meccanica Adriatica S.r.l.', contract: 121, category: 10, province: 'AN' },
  { code: 9003, name: 'Impianti Tecnologici Emiliani S.p.A.', contract: 121, category: 11, province: 'BO' },
  { code: 9004, name: 'Distribuzione Tirrenica S.p.A.', contract: 133, category: 19, province: 'LI' },
  { code: 9005, name: 'Supermercati Alta Valle S.p.A.', contract: 133, category: 19, province: 'SO' },
  { code: 9006, name: 'Logistica Padana Servizi S.r.l.', contract: 141, category: 47, province: 'PC' },
  {
    code: 9007,
    name: 'Alberghi della Riviera Romagnola S.p.A.',
    contract: 135,
    category: 32,
    province: 'RN',
  },
]

function sectionsFor(
  kind: Plan['kind'],
  place: string,
  contract: ContractFact,
  amount: number,
  random: Random,
) {
  const common = {
    campo: {
      title: 'Campo di applicazione',
      topic: 'Campo di applicazione',
      html: paragraphs([
        `Il presente accordo integra il contratto collettivo nazionale ${esc(contract.shortTitle)} e si applica alle imprese e ai lavoratori ${place}.`,
        `Per quanto non previsto dal presente accordo si applicano le disposizioni del contratto nazionale vigente.`,
      ]),
    },
    durata: {
      title: 'Decorrenza e durata',
      topic: 'Campo di applicazione',
      html: paragraphs([
        `Il presente accordo decorre dal 1° gennaio 2025 e scade il 31 dicembre 2027. Esso si intende tacitamente rinnovato di anno in anno in assenza di disdetta comunicata almeno tre mesi prima della scadenza.`,
      ]),
    },
    bilaterale: {
      title: 'Ente bilaterale territoriale',
      topic: 'Welfare contrattuale',
      html: paragraphs([
        `L'ente bilaterale territoriale eroga ai lavoratori iscritti prestazioni di sostegno al reddito, contributi per le spese scolastiche dei figli e rimborsi per la frequenza di corsi di formazione, secondo il regolamento approvato dal comitato di gestione.`,
        `Le imprese versano all'ente il contributo previsto dal contratto nazionale con le modalità stabilite dal regolamento.`,
      ]),
    },
  }
  if (kind === 'terziario') {
    return [
      common.campo,
      {
        title: 'Elemento economico provinciale',
        topic: 'Retribuzione',
        html:
          paragraphs([
            `In sostituzione del terzo elemento nazionale è corrisposto ai lavoratori un elemento economico provinciale nelle seguenti misure mensili, per quattordici mensilità:`,
          ]) +
          table(
            ['Livello', 'Elemento provinciale'],
            rankedLevels(contract.pay).map((l) => [esc(l.code), euro(cents((amount * l.param) / 100))]),
          ),
      },
      {
        title: 'Flessibilità e orario nei periodi di maggiore attività',
        topic: 'Orario di lavoro',
        html: paragraphs([
          `Nei periodi di maggiore afflusso della clientela l'orario settimanale può essere elevato fino a ${random.pick(['44', '45'])} ore per un massimo di sedici settimane nell'anno, con recupero mediante riposi compensativi entro i sei mesi successivi.`,
        ]),
      },
      {
        title: 'Lavoro domenicale e festivo',
        topic: 'Orario di lavoro',
        html: paragraphs([
          `Le prestazioni domenicali sono compensate con la maggiorazione del ${random.pick(['30', '35', '40'])}% e sono distribuite tra il personale secondo criteri di rotazione, escludendo i lavoratori con figli di età inferiore a tre anni che ne facciano richiesta.`,
        ]),
      },
      {
        title: 'Premio di risultato territoriale',
        topic: 'Retribuzione',
        html: paragraphs([
          `Nelle imprese prive di contrattazione aziendale è istituito un premio annuo di risultato, correlato all'andamento del fatturato provinciale del settore rilevato dall'ente bilaterale, fino a un massimo di ${euro(random.int(250, 450))} euro per il 4° livello.`,
        ]),
      },
      common.bilaterale,
      common.durata,
    ]
  }
  if (kind === 'edilizia') {
    return [
      common.campo,
      {
        title: 'Indennità territoriale di settore',
        topic: 'Retribuzione',
        html: paragraphs([
          `Agli operai e agli impiegati è corrisposta un'indennità territoriale di settore pari al ${euro(amount)}% dei minimi di paga base e di stipendio, con le decorrenze dei minimi nazionali.`,
        ]),
      },
      {
        title: 'Elemento variabile della retribuzione (EVR)',
        topic: 'Retribuzione',
        html: paragraphs([
          `L'elemento variabile della retribuzione è riconosciuto nella misura massima del 4% dei minimi in vigore, in relazione all'andamento degli indicatori territoriali (numero delle imprese e dei lavoratori iscritti in Cassa Edile, monte salari, ore denunciate) verificati entro il mese di giugno di ogni anno.`,
        ]),
      },
      {
        title: 'Indennità di mensa e di trasporto',
        topic: 'Retribuzione',
        html: paragraphs([
          `In assenza di servizio mensa è corrisposta un'indennità sostitutiva di ${euro(random.int(550, 900) / 100)} euro per ogni giornata di effettiva presenza; l'indennità di trasporto è fissata in ${euro(random.int(120, 260) / 100)} euro giornalieri.`,
        ]),
      },
      {
        title: 'Cassa Edile e accantonamenti',
        topic: 'Welfare contrattuale',
        html: paragraphs([
          `Le imprese accantonano presso la Cassa Edile, per gli operai, il trattamento economico per ferie e gratifica natalizia nella misura del 18,5% della retribuzione, nonché i contributi per l'anzianità professionale edile.`,
        ]),
      },
      {
        title: 'Rappresentante territoriale per la sicurezza',
        topic: 'Relazioni e diritti sindacali',
        html: paragraphs([
          `Nelle imprese che occupano fino a quindici dipendenti le funzioni di rappresentante dei lavoratori per la sicurezza sono svolte dal rappresentante territoriale (RLST) designato dall'organismo paritetico.`,
        ]),
      },
      common.durata,
    ]
  }
  return [
    common.campo,
    {
      title: 'Salario integrativo territoriale',
      topic: 'Retribuzione',
      html: paragraphs([
        `Ai lavoratori è corrisposto un elemento integrativo territoriale di ${euro(amount)} euro mensili al 4° livello, riparametrato sugli altri livelli, per quattordici mensilità.`,
      ]),
    },
    {
      title: 'Lavoro stagionale e diritto di precedenza',
      topic: 'Assunzione e mercato del lavoro',
      html: paragraphs([
        `I lavoratori assunti a termine per la stagione hanno diritto di precedenza nelle assunzioni stagionali successive presso la stessa azienda, a condizione che ne facciano richiesta scritta entro tre mesi dalla cessazione del rapporto.`,
      ]),
    },
    {
      title: 'Vitto e alloggio',
      topic: 'Retribuzione',
      html: paragraphs([
        `Per il personale che usufruisce del vitto e dell'alloggio aziendale il valore convenzionale è fissato in ${euro(random.int(120, 180) / 100)} euro per pasto e ${euro(random.int(60, 110) / 100)} euro per l'alloggio giornaliero.`,
      ]),
    },
    common.bilaterale,
    common.durata,
  ]
}

/** Territorial texts and pay tables; `topicSeq` hands out topic ids. */
export function buildTerritorial(
  contracts: Map<number, ContractFact>,
  provinces: Map<string, Province>,
  regions: Map<string, Region>,
  random: Random,
  topicSeq: () => number,
): { texts: ContractTextRecord[]; tables: TerritorialPayTableRecord[]; companies: CompanyRecord[] } {
  const texts: ContractTextRecord[] = []
  const tables: TerritorialPayTableRecord[] = []
  let textCode = 5001

  for (const plan of plans) {
    const contract = contracts.get(plan.contract) as ContractFact
    const category = contract.categories.find((c) => c.code === plan.category)
    const pay = category?.pay ?? contract.pay
    for (const sigla of plan.provinces) {
      const province = provinces.get(sigla)
      if (!province) throw new Error(`unknown province ${sigla}`)
      const amount =
        plan.kind === 'terziario'
          ? random.int(450, 1850) / 100
          : plan.kind === 'edilizia'
            ? random.int(1050, 1420) / 100
            : random.int(1800, 4200) / 100
      const heading = `Contratto integrativo provinciale – ${contract.shortTitle} – Provincia di ${province.name}`
      const doc = buildSecondLevelDocument(
        heading,
        sectionsFor(plan.kind, `della provincia di ${province.name}`, contract, amount, random),
        topicSeq(),
      )
      texts.push({
        code: textCode++,
        contractCode: contract.code,
        scope: 'territorial',
        typeCode: 'INT',
        title: heading,
        date: '2025-01-01',
        regionCode: province.regionCode,
        provinceCode: province.code,
        html: doc.html,
        nav: doc.nav,
        topics: doc.topics,
      })
      for (const date of plan.tableDates) {
        const tranche = pay.tranches.find((t) => t.date === date)
        if (!tranche) throw new Error(`no tranche ${date} for ${contract.code}`)
        const levels = trancheLevels(pay, tranche)
        const extraHead =
          plan.kind === 'edilizia' ? 'Indennità territoriale di settore' : 'Elemento provinciale'
        const rows = levels.map((l) => {
          const extra =
            plan.kind === 'edilizia'
              ? cents((l.basePay * amount) / 100)
              : cents((amount * (pay.levels.find((x) => x.code === l.code)?.param ?? 100)) / 100)
          return [
            esc(l.code),
            euro(l.basePay),
            euro(l.costOfLiving),
            euro(extra),
            `<strong>${euro(l.basePay + l.costOfLiving + extra)}</strong>`,
          ]
        })
        const title = `Tabella provinciale ${contract.shortTitle} – ${province.name} – dal ${dateIt(date)}`
        tables.push({
          code: `${contract.code}-${sigla}-${date}`,
          categoryCode: plan.category,
          provinceCode: sigla,
          effectiveDate: date,
          title,
          html:
            `<h2 id="tabella">${esc(title)}</h2>` +
            table(
              ['Livello', 'Paga base', 'Contingenza', extraHead, 'Totale'],
              rows,
              `Importi mensili lordi in euro dal ${dateLong(date)}`,
            ) +
            `<h3 id="note">Note</h3>` +
            paragraphs([
              `Gli importi provinciali si aggiungono ai minimi nazionali e seguono le decorrenze del contratto nazionale.`,
            ]),
          nav: [
            { text: 'Tabella', value: 'tabella', children: [] },
            { text: 'Note', value: 'note', children: [] },
          ],
        })
      }
    }
    for (const regionCode of plan.regions) {
      const region = regions.get(regionCode)
      if (!region) throw new Error(`unknown region ${regionCode}`)
      const heading = `Accordo regionale – ${contract.shortTitle} – ${region.name}`
      const amount = random.int(1500, 3000) / 100
      const doc = buildSecondLevelDocument(
        heading,
        sectionsFor(plan.kind, `della regione ${region.name}`, contract, amount, random),
        topicSeq(),
      )
      texts.push({
        code: textCode++,
        contractCode: contract.code,
        scope: 'territorial',
        typeCode: 'INT',
        title: heading,
        date: '2024-10-15',
        regionCode,
        html: doc.html,
        nav: doc.nav,
        topics: doc.topics,
      })
    }
  }

  const companies: CompanyRecord[] = []
  let companyText = 7001
  for (const cp of companyPlans) {
    const contract = contracts.get(cp.contract) as ContractFact
    companies.push({ code: cp.code, name: cp.name, contractCode: cp.contract })
    const province = provinces.get(cp.province) as Province
    const bonus = random.int(900, 2400)
    const heading = `Contratto integrativo aziendale – ${cp.name}`
    const doc = buildSecondLevelDocument(
      heading,
      [
        {
          title: 'Campo di applicazione',
          topic: 'Campo di applicazione',
          html: paragraphs([
            `Il presente accordo si applica ai dipendenti di ${esc(cp.name)} occupati nelle unità produttive della provincia di ${esc(province.name)}, cui si applica il contratto nazionale ${esc(contract.shortTitle)}.`,
          ]),
        },
        {
          title: 'Premio di risultato',
          topic: 'Retribuzione',
          html:
            paragraphs([
              `È istituito un premio di risultato annuo, di importo massimo pari a ${euro(bonus)} euro per il livello di riferimento, determinato in base ai seguenti indicatori:`,
            ]) +
            table(
              ['Indicatore', 'Peso', 'Obiettivo'],
              [
                ['Produttività oraria', '40%', `+${random.int(2, 5)}% rispetto all'anno precedente`],
                ['Qualità (non conformità)', '30%', `riduzione del ${random.int(8, 20)}%`],
                ['Presenza individuale', '30%', 'assenze inferiori a 8 giorni annui'],
              ],
            ) +
            paragraphs([
              `Il premio può essere convertito, in tutto o in parte, in servizi di welfare aziendale con una maggiorazione del ${random.pick(['10', '15', '20'])}% a carico dell'azienda.`,
            ]),
        },
        {
          title: 'Orario di lavoro e turni',
          topic: 'Orario di lavoro',
          html: paragraphs([
            `L'orario è articolato su ${random.pick(['due', 'tre'])} turni giornalieri con rotazione settimanale; la programmazione dei turni è comunicata con almeno due settimane di anticipo.`,
          ]),
        },
        {
          title: 'Welfare aziendale e mensa',
          topic: 'Welfare contrattuale',
          html: paragraphs([
            `L'azienda mette a disposizione un credito welfare annuo di ${euro(random.int(300, 600))} euro e garantisce il servizio mensa o, in alternativa, buoni pasto elettronici di ${euro(random.int(700, 800) / 100)} euro per ogni giornata di presenza.`,
          ]),
        },
        {
          title: 'Decorrenza e durata',
          topic: 'Campo di applicazione',
          html: paragraphs([`Il presente accordo ha validità dal 1° gennaio 2025 al 31 dicembre 2027.`]),
        },
      ],
      topicSeq(),
    )
    texts.push({
      code: companyText++,
      contractCode: cp.contract,
      scope: 'company',
      typeCode: 'AZ',
      title: heading,
      date: '2025-03-20',
      companyCode: cp.code,
      html: doc.html,
      nav: doc.nav,
      topics: doc.topics,
    })
    const category = contract.categories.find((c) => c.code === cp.category)
    const pay = category?.pay ?? contract.pay
    const last = pay.tranches[pay.tranches.length - 1]
    if (!last) continue
    const levels = trancheLevels(pay, last)
    const title = `Tabella aziendale – ${cp.name} – dal ${dateIt(last.date)}`
    tables.push({
      code: `AZ-${cp.code}-${last.date}`,
      categoryCode: cp.category,
      companyCode: cp.code,
      effectiveDate: last.date,
      title,
      html:
        `<h2 id="tabella">${esc(title)}</h2>` +
        table(
          ['Livello', 'Minimo nazionale', 'Superminimo collettivo', 'Totale'],
          levels.map((l) => {
            const superminimo = cents(l.basePay * 0.045)
            return [
              esc(l.code),
              euro(monthlyPay(l)),
              euro(superminimo),
              `<strong>${euro(cents(monthlyPay(l) + superminimo))}</strong>`,
            ]
          }),
          'Importi mensili lordi in euro',
        ),
    })
  }
  return { texts, tables, companies }
}
