/** The arrears calculator ('Calcolo arretrati'): its page, its form's errors and its exports' headings. */
const monthName = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' })
const gg = (day: string) => day.split('-').reverse().join('/')

export const arrears = {
  title: 'Calcolo arretrati',
  errors: {
    badDay: (field: string) => `${field}: indica una data valida nel formato gg/mm/aaaa.`,
    partTime: 'La percentuale di part-time deve essere un numero intero tra 1 e 100.',
    monthlyPayments: 'Le mensilità annue devono essere tra 12 e 16.',
    level: 'Scegli un livello della tabella retributiva.',
    levelNotFound: 'Il livello indicato non compare nelle tabelle retributive della categoria.',
    untilBeforeHire: 'La data di fine non può precedere la data di assunzione.',
    untilBeforeRenewal:
      'La data di fine precede la decorrenza del rinnovo: non ci sono arretrati da calcolare.',
    noRenewal: 'Per questa categoria non ci sono due decorrenze da confrontare.',
    renewalNotFound: 'La decorrenza del rinnovo indicata non è tra quelle della categoria.',
    span: 'Il calcolo copre al massimo 10 anni: riduci il periodo.',
    paidNotUsed:
      'La tabella corrisposta deve essere quella precedente alla decorrenza del rinnovo o una successiva.',
    hireOrInForce: "Indica la data di assunzione oppure spunta 'In forza da prima'.",
  },
  /** `aprile 2025` from `2025-04`. */
  month: (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`)),
  page: {
    intro:
      'Gli arretrati di un dipendente dopo un rinnovo: mese per mese la differenza tra il minimo corrisposto e quello dovuto da ogni decorrenza, i ratei delle mensilità aggiuntive e le una tantum in proporzione, come prescrive la nota del contratto.',
    formTitle: 'Dati del dipendente',
    level: 'Livello',
    since: 'Decorrenza del rinnovo',
    sinceHint: 'La prima decorrenza dei nuovi minimi.',
    paid: 'Tabella corrisposta',
    paidHint: 'Il minimo che il dipendente ha continuato a ricevere.',
    hiredOn: 'Data di assunzione',
    inForceBefore: 'In forza da prima',
    inForceBeforeHint: 'Già in servizio prima del rinnovo.',
    partTime: 'Part-time (%)',
    partTimeHint: '100 per il tempo pieno.',
    until: 'Calcolo fino al',
    untilHint: "Di norma l'ultimo giorno del mese prima dell'adeguamento in busta paga.",
    monthlyPayments: 'Mensilità annue',
    monthlyPaymentsHint: (fromContract: boolean) =>
      fromContract ? 'Dalle condizioni del contratto.' : '13 salvo diversa previsione del contratto.',
    submit: 'Calcola',
    tableOption: (day: string) => `dal ${gg(day)}`,
    fixErrors: 'Correggi i dati evidenziati.',
    resultsTitle: 'Risultato',
    totals: {
      pay: 'Differenze retributive',
      additional: 'Ratei mensilità aggiuntive',
      unaTantum: 'Una tantum',
      total: 'Totale arretrati',
    },
    summary: (level: string, partTime: number, hiredOn: string | null, until: string) =>
      `Livello ${level} · ${partTime === 100 ? 'tempo pieno' : `part-time ${partTime} %`} · ${
        hiredOn ? `assunto il ${gg(hiredOn)}` : 'in forza da prima'
      } · fino al ${gg(until)}`,
    linesTitle: 'Mese per mese',
    /** The accrual column's short heading (its title gives the whole name). */
    additionalColumn: 'Ratei',
    linesCaption: (paidOn: string) =>
      `I minimi sono mensili a tempo pieno: quello corrisposto (tabella dal ${gg(paidOn)}) e quello dovuto. La differenza è per i giorni del mese e la quota di part-time; i ratei sono la quota delle mensilità aggiuntive sulla differenza.`,
    linesTotal: 'Totale del periodo',
    noLines: 'Nessuna differenza nel periodo: il minimo corrisposto è già quello dovuto.',
    proRata: 'Pro rata',
    due: 'Spettante',
    paidOn: 'Erogazione',
    unaTantumTitle: 'Una tantum',
    noUnaTantum: 'Le tabelle usate non prevedono una tantum per questo livello.',
    unaTantumExplain: (
      amount: number,
      partTimeShare: number,
      months: { served: number; of: number } | null,
      due: number,
    ) =>
      [
        euro.format(amount),
        partTimeShare < 1 ? `× ${Math.round(partTimeShare * 10000) / 100} % di part-time` : null,
        months ? `× ${months.served}/${months.of} mesi di servizio` : null,
        `= ${euro.format(due)}`,
      ]
        .filter(Boolean)
        .join(' '),
    unaTantumRule:
      'Un mese di servizio conta se sono stati prestati almeno 15 giorni; la riduzione per il part-time e per i mesi di servizio si applica quando la nota del contratto la prevede.',
    tablesTitle: 'Tabelle usate',
    tablesNote: 'Minimo mensile: paga base, contingenza e terzo elemento.',
    paidBadge: 'corrisposta',
    monthly: 'Minimo mensile',
    xlsx: 'Scarica XLSX',
    pdf: 'Scarica PDF',
    professionalTitle: 'Funzione Professional',
    professionalOnly:
      'Il calcolo degli arretrati è riservato agli utenti Professional: passa a Professional per calcolare differenze, ratei e una tantum e scaricarli in XLSX e PDF.',
    missing: 'Per questa categoria non ci sono almeno due tabelle retributive da confrontare.',
  },
  pdf: {
    parameters: 'Dati del calcolo',
    renewal: 'Decorrenza del rinnovo',
    generated: (day: string) => `Calcolo del ${day} · Banca Dati CCNL`,
    page: (current: number, count: number) => `Pagina ${current} di ${count}`,
    disclaimer:
      'Calcolo indicativo sui minimi contrattuali (paga base, contingenza e terzo elemento); non considera scatti, superminimi, straordinari e assenze non retribuite.',
  },
  fields: {
    hiredOn: 'Data di assunzione',
    until: 'Data di fine',
    since: 'Decorrenza del rinnovo',
    paid: 'Minimo corrisposto',
  },
  sheet: {
    name: 'Arretrati',
    contract: 'Contratto',
    category: 'Categoria',
    level: 'Livello',
    hiredOn: 'Assunzione',
    inForceBefore: 'in forza da prima',
    partTime: 'Part-time',
    until: 'Calcolo fino al',
    monthlyPayments: 'Mensilità annue',
    paid: (day: string) => `Minimo corrisposto: tabella con decorrenza ${day}`,
    tablesUsed: 'Tabelle usate (decorrenza · minimo mensile)',
    month: 'Mese',
    effectiveDate: 'Decorrenza',
    days: 'Giorni',
    paidColumn: 'Minimo corrisposto',
    owedColumn: 'Minimo dovuto',
    pay: 'Differenza',
    additional: 'Ratei mensilità aggiuntive',
    unaTantum: 'Una tantum',
    unaTantumLine: (paidOn: string) => `Una tantum erogata il ${paidOn}`,
    months: (served: number, of: number) => `${served}/${of} mesi di servizio`,
    notInForce: 'non spetta: non in forza alla data prevista',
    total: 'Totale arretrati',
  },
} as const
