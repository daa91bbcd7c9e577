/** The seven summary documents (schede sintetiche, mansionari, ...) of a category. */
import type { StructuredDoc, Section } from './document.ts'
import type { CategoryFact, ContractFact, PayFact } from './facts/model.ts'
import { cents, dateIt, dateLong, euro, period } from './html.ts'
import { apprenticeLevels, rankedLevels, trancheInForce, trancheLevels } from './pay.ts'
import type { PayLevelRecord, SummaryType } from './types.ts'
import { monthlyPay } from '../../modules/content/index.ts'

export const summaryTitles: Record<SummaryType, string> = {
  schedesintetiche: 'Scheda sintetica',
  istituticontrattuali: 'Istituti contrattuali',
  mansionari: 'Mansionario',
  apprendistati: 'Apprendistato',
  sfere: 'Sfere di applicazione',
  normetfr: 'Trattamento di fine rapporto',
  normedisciplinari: 'Norme disciplinari',
}

type Input = { contract: ContractFact; category: CategoryFact; pay: PayFact; today: string }

function payInForce({ pay, today }: Input) {
  const tranche = trancheInForce(pay, today)
  return { tranche, levels: trancheLevels(pay, tranche) }
}

function fundsBlock(c: ContractFact): string[] {
  return [
    ...(c.terms.health ? [period(`Assistenza sanitaria integrativa: ${c.terms.health}`)] : []),
    ...(c.terms.pension ? [period(`Previdenza complementare: ${c.terms.pension}`)] : []),
    ...(c.terms.bilateral ? [period(`Bilateralità: ${c.terms.bilateral}`)] : []),
  ]
}

/** A level's further pay elements in a cell: 'EDR 5,16'; '–' without any. */
function otherElementsText(level: PayLevelRecord): string {
  const elements = level.otherElements ?? []
  return elements.length === 0 ? '–' : elements.map((e) => `${e.name} ${euro(e.amount)}`).join('; ')
}

function scheda(input: Input): StructuredDoc {
  const { contract: c } = input
  const { tranche, levels } = payInForce(input)
  const withOthers = levels.some((l) => (l.otherElements ?? []).length > 0)
  const t = c.terms
  const sections: Section[] = [
    {
      title: 'Parti firmatarie e vigenza',
      blocks: [
        {
          head: ['Voce', 'Dato'],
          rows: [
            ['Parti datoriali', c.employers],
            ['Organizzazioni sindacali', c.unions],
            ...(c.cnelCode ? [['Codice CNEL', c.cnelCode]] : []),
            ['Ultimo rinnovo', dateIt(c.signedOn)],
            ['Decorrenza', dateIt(c.validFrom)],
            ['Scadenza', dateIt(c.expiresOn)],
          ],
        },
        c.renewal,
      ],
    },
    { title: 'Campo di applicazione', blocks: [{ list: t.scope }] },
    {
      title: 'Orario di lavoro',
      blocks: [
        `Orario normale: ${t.weeklyHours} ore settimanali.`,
        `Lavoro straordinario: maggiorazione del ${t.overtimePct}%${t.overtimeYearly > 0 ? `, nel limite di ${t.overtimeYearly} ore annue` : ''}. Lavoro notturno: ${t.nightPct}%. Lavoro festivo: ${t.holidayPct}%.`,
      ],
    },
    {
      title: 'Ferie e permessi',
      blocks: [
        `Ferie: ${t.ferie}.`,
        t.rolHours > 0
          ? `Permessi retribuiti: ${t.rolHours} ore annue${t.exFestivitaHours > 0 ? ` più ${t.exFestivitaHours} ore per le festività soppresse` : ''}.`
          : 'Il contratto non prevede permessi annui per riduzione dell’orario.',
        `Congedo matrimoniale: ${t.marriageDays} giorni di calendario.`,
      ],
    },
    {
      title: 'Periodo di prova',
      blocks: [{ head: ['Livelli', 'Durata'], rows: t.probation.map(([a, b]) => [a, b]) }],
    },
    { title: 'Preavviso', blocks: [{ head: t.noticeHead, rows: t.notice }] },
    {
      title: 'Retribuzione',
      blocks: [
        `Minimi in vigore dal ${dateLong(tranche.date)} (importi ${input.pay.unit === 'oraria' ? 'orari' : 'mensili'} lordi in euro):`,
        {
          head: [
            'Livello',
            'Paga base',
            'Contingenza',
            'Terzo elemento',
            ...(withOthers ? ['Altri elementi'] : []),
            'Totale',
          ],
          rows: levels.map((l) => [
            l.code,
            euro(l.basePay),
            euro(l.costOfLiving),
            euro(l.thirdElement),
            ...(withOthers ? [otherElementsText(l)] : []),
            euro(monthlyPay(l)),
          ]),
        },
        `Mensilità: ${t.extraMonths}. Divisore orario: ${input.pay.hourlyDivisor}; divisore giornaliero: ${input.pay.dailyDivisor}.`,
        t.seniority
          ? `Scatti di anzianità: ${t.seniority.count} aumenti ${t.seniority.years === 2 ? 'biennali' : t.seniority.years === 3 ? 'triennali' : `ogni ${t.seniority.years} anni`}.`
          : 'Il contratto non prevede scatti di anzianità.',
      ],
    },
    { title: 'Malattia', blocks: [`Periodo di comporto: ${t.sickDays} giorni. Trattamento: ${t.sickPay}.`] },
    {
      title: 'Welfare contrattuale',
      blocks: fundsBlock(c).length > 0 ? fundsBlock(c) : ['Non sono previsti fondi contrattuali.'],
    },
  ]
  return { title: `Scheda sintetica – ${input.category.name}`, intro: `Sintesi del ${c.title}.`, sections }
}

function istituti(input: Input): StructuredDoc {
  const { contract: c } = input
  const t = c.terms
  return {
    title: `Istituti contrattuali – ${input.category.name}`,
    intro:
      'Principali istituti del contratto, con i riferimenti per il calcolo delle voci variabili della retribuzione.',
    sections: [
      {
        title: 'Maggiorazioni',
        blocks: [
          {
            head: ['Prestazione', 'Maggiorazione'],
            rows: [
              ['Lavoro straordinario', `${t.overtimePct}%`],
              ['Lavoro notturno', `${t.nightPct}%`],
              ['Lavoro festivo', `${t.holidayPct}%`],
              ['Straordinario festivo', `${t.holidayPct + 10}%`],
              ['Lavoro supplementare (tempo parziale)', '35%'],
            ],
          },
          `La quota oraria si ottiene dividendo la retribuzione mensile per ${input.pay.hourlyDivisor}.`,
        ],
      },
      {
        title: 'Ferie',
        blocks: [
          `${t.ferie}; almeno due settimane consecutive nell'anno di maturazione su richiesta del lavoratore.`,
        ],
      },
      {
        title: 'Permessi e festività',
        blocks: [
          t.rolHours > 0
            ? `Riduzione dell'orario: ${t.rolHours} ore annue; ex festività: ${t.exFestivitaHours} ore.`
            : 'Non sono previsti permessi per riduzione dell’orario.',
          'Permessi per lutto o grave infermità: tre giorni all’anno. Diritto allo studio: 150 ore per triennio.',
        ],
      },
      {
        title: 'Mensilità aggiuntive',
        blocks: [
          `Tredicesima entro il 20 dicembre${t.extraMonths === 14 ? '; quattordicesima con la retribuzione di luglio' : ''}.`,
        ],
      },
      {
        title: 'Malattia e infortunio',
        blocks: [
          `Comporto di ${t.sickDays} giorni; ${t.sickPay}.`,
          'Infortunio: integrazione dell’indennità INAIL fino al 100% della retribuzione netta.',
        ],
      },
      {
        title: 'Maternità e paternità',
        blocks: [
          'Integrazione dell’indennità di maternità fino al 100% della retribuzione; congedo obbligatorio del padre di dieci giorni lavorativi.',
        ],
      },
      {
        title: 'Trasferte',
        blocks: [
          'Rimborso a piè di lista delle spese documentate o indennità forfettaria giornaliera secondo il contratto.',
        ],
      },
    ],
  }
}

const rankDeclaratorie = [
  'Appartengono a questo livello i lavoratori che svolgono attività semplici, per le quali sono sufficienti conoscenze pratiche acquisibili con un breve periodo di addestramento.',
  'Appartengono a questo livello i lavoratori che eseguono attività qualificate, richiedenti conoscenze professionali di base e adeguata capacità pratica.',
  'Appartengono a questo livello i lavoratori che svolgono attività specializzate con autonomia esecutiva nell’ambito di procedure definite.',
  'Appartengono a questo livello i lavoratori di concetto o specializzati provetti che operano con autonomia e possono coordinare altri addetti.',
  'Appartengono a questo livello i lavoratori con funzioni di coordinamento e controllo, che richiedono particolare competenza professionale e iniziativa.',
  'Appartengono a questo livello i lavoratori con funzioni direttive o di elevata specializzazione, con responsabilità di risultato su unità organizzative.',
]

function mansionario(input: Input): StructuredDoc {
  const levels = rankedLevels(input.pay)
  const sections: Section[] = levels.map((l, i) => {
    const rank = Math.min(
      rankDeclaratorie.length - 1,
      Math.floor(
        ((levels.length - 1 - i) / Math.max(1, levels.length - 1)) * (rankDeclaratorie.length - 1) + 0.5,
      ),
    )
    return {
      title: l.label,
      blocks: [],
      children: [
        { title: 'Declaratoria', blocks: [rankDeclaratorie[rank] as string] },
        {
          title: 'Profili esemplificativi',
          blocks: [{ list: l.profiles.split(', ').map((p) => p.charAt(0).toUpperCase() + p.slice(1)) }],
        },
      ],
    }
  })
  return {
    title: `Mansionario – ${input.category.name}`,
    intro: 'Declaratorie e profili professionali esemplificativi, dal livello più alto al più basso.',
    sections,
  }
}

function apprendistato(input: Input): StructuredDoc {
  const { contract: c, pay } = input
  const { tranche, levels } = payInForce(input)
  const apprentices = apprenticeLevels(pay, levels)
  return {
    title: `Apprendistato – ${input.category.name}`,
    sections: [
      {
        title: 'Durata e requisiti',
        blocks: [
          c.terms.apprenticeMonths > 0
            ? `Apprendistato professionalizzante per giovani tra 18 e 29 anni, di durata massima pari a ${c.terms.apprenticeMonths} mesi.`
            : 'Il contratto non disciplina l’apprendistato.',
        ],
      },
      {
        title: 'Retribuzione',
        blocks:
          apprentices.length > 0
            ? [
                `Retribuzione degli apprendisti in vigore dal ${dateLong(tranche.date)}:`,
                {
                  head: ['Codice', 'Periodo', 'Paga base', 'Contingenza'],
                  rows: apprentices.map((a) => [
                    a.code,
                    a.description,
                    euro(a.basePay),
                    euro(a.costOfLiving),
                  ]),
                },
              ]
            : ['La retribuzione degli apprendisti segue le regole generali del livello di inquadramento.'],
      },
      {
        title: 'Formazione',
        blocks: [
          `Formazione professionalizzante: ${c.terms.apprenticeTrainingHours} ore medie annue, con tutor aziendale e piano formativo individuale.`,
        ],
      },
      {
        title: 'Periodo di prova e conferma',
        blocks: [
          'Il periodo di prova è quello del livello di destinazione. Al termine, senza recesso, il rapporto prosegue a tempo indeterminato.',
        ],
      },
    ],
  }
}

function sfere(input: Input): StructuredDoc {
  const { contract: c } = input
  return {
    title: `Sfere di applicazione – ${input.category.name}`,
    sections: [
      { title: 'Attività comprese', blocks: [{ list: c.terms.scope }] },
      {
        title: 'Codici ATECO di riferimento',
        blocks: [{ head: ['Codice', 'Descrizione'], rows: c.ateco.map(([a, b]) => [a, b]) }],
      },
      {
        title: 'Codice contratto',
        blocks: [
          c.cnelCode
            ? `Codice alfanumerico unico CNEL: ${c.cnelCode}, da indicare nelle comunicazioni obbligatorie e nel flusso Uniemens.`
            : 'Contratto del settore pubblico.',
        ],
      },
      {
        title: 'Esclusioni',
        blocks: [
          'Sono esclusi i dirigenti, cui si applica il relativo contratto collettivo, e le attività disciplinate da contratti specifici sottoscritti dalle stesse parti.',
        ],
      },
    ],
  }
}

function tfr(input: Input): StructuredDoc {
  const { contract: c } = input
  const { levels } = payInForce(input)
  const ref = levels.find((l) => l.code === input.pay.refLevel) ?? (levels[0] as (typeof levels)[number])
  const monthly = monthlyPay(ref)
  const annual = cents(monthly * (input.pay.unit === 'oraria' ? 0 : c.terms.extraMonths))
  const rows: string[][] =
    input.pay.unit === 'oraria'
      ? [['Retribuzione', 'Calcolata sulle ore effettivamente retribuite']]
      : [
          [`Retribuzione mensile (livello ${ref.code})`, euro(monthly)],
          ['Mensilità', String(c.terms.extraMonths)],
          ['Retribuzione annua utile', euro(annual)],
          ['Quota annua di TFR (÷ 13,5)', euro(cents(annual / 13.5))],
          ['Contributo aggiuntivo IVS (L. 297/1982), 0,50%', euro(cents(annual * 0.005))],
          ['Accantonamento netto', euro(cents(annual / 13.5 - annual * 0.005))],
        ]
  return {
    title: `Trattamento di fine rapporto – ${input.category.name}`,
    sections: [
      {
        title: 'Base di calcolo',
        blocks: [
          'Tutte le somme corrisposte in dipendenza del rapporto a titolo non occasionale, esclusi i rimborsi spese (articolo 2120 del codice civile).',
        ],
      },
      {
        title: 'Accantonamento',
        blocks: [
          'Per ogni anno la quota è pari alla retribuzione utile divisa per 13,5.',
          { head: ['Voce', 'Importo'], rows },
        ],
      },
      {
        title: 'Rivalutazione',
        blocks: [
          'Al 31 dicembre il fondo è rivalutato dell’1,5% fisso più il 75% dell’aumento dell’indice ISTAT dei prezzi al consumo.',
        ],
      },
      {
        title: 'Anticipazioni',
        blocks: [
          'Dopo otto anni di servizio, fino al 70% del maturato, per spese sanitarie, acquisto della prima casa o congedi formativi.',
        ],
      },
      {
        title: 'Previdenza complementare',
        blocks: [
          c.terms.pension
            ? period(`Il TFR maturando può essere conferito a ${c.terms.pension}`)
            : 'Il TFR maturando può essere conferito a una forma pensionistica complementare.',
        ],
      },
    ],
  }
}

function disciplina(input: Input): StructuredDoc {
  return {
    title: `Norme disciplinari – ${input.category.name}`,
    sections: [
      {
        title: 'Doveri del lavoratore',
        blocks: [
          {
            list: [
              'Diligenza e osservanza delle disposizioni',
              'Obbligo di fedeltà e riservatezza',
              'Rispetto delle norme di sicurezza',
              'Cura degli strumenti affidati',
            ],
          },
        ],
      },
      {
        title: 'Provvedimenti',
        blocks: [
          {
            head: ['Mancanza', 'Provvedimento'],
            rows: [
              ['Ritardo nell’inizio del lavoro', 'Biasimo verbale o scritto'],
              ['Assenza ingiustificata fino a tre giorni', 'Multa o sospensione'],
              ['Recidiva nelle mancanze sanzionate con la multa', 'Sospensione fino a dieci giorni'],
              ['Insubordinazione grave, furto, assenza oltre tre giorni', 'Licenziamento senza preavviso'],
            ],
          },
        ],
      },
      {
        title: 'Procedura',
        blocks: [
          'Contestazione scritta dell’addebito; termine di cinque giorni per le giustificazioni, anche con l’assistenza di un rappresentante sindacale; adozione motivata del provvedimento (articolo 7 della legge n. 300 del 1970).',
        ],
      },
      {
        title: 'Impugnazione',
        blocks: [
          'Il lavoratore può promuovere la costituzione di un collegio di conciliazione e arbitrato entro venti giorni; la sanzione resta sospesa fino alla pronuncia.',
        ],
      },
    ],
  }
}

/** The structured document of a summary type. */
export function buildSummary(type: SummaryType, input: Input): StructuredDoc {
  switch (type) {
    case 'schedesintetiche':
      return scheda(input)
    case 'istituticontrattuali':
      return istituti(input)
    case 'mansionari':
      return mansionario(input)
    case 'apprendistati':
      return apprendistato(input)
    case 'sfere':
      return sfere(input)
    case 'normetfr':
      return tfr(input)
    case 'normedisciplinari':
      return disciplina(input)
  }
}
