/** The arrears calculator ('Calcolo arretrati'): its page, its form's errors and its exports' headings. */
const monthName = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const monthOnly = new Intl.DateTimeFormat('it-IT', { month: 'long', timeZone: 'UTC' })
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' })
const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 })
const gg = (day: string) => day.split('-').reverse().join('/')

/** The names of the day-count methods (modules/arrears `DayCount`). */
const dayCounts = {
  calendar: 'giorni di calendario',
  twentySixths: 'ventiseiesimi (giorni lavorativi su 26)',
  thirtieths: 'trentesimi (mese commerciale)',
} as const
type DayCountName = keyof typeof dayCounts
type ExtraKind = 'thirteenth' | 'fourteenth'

const extraNames: Record<ExtraKind, string> = { thirteenth: '13ª mensilità', fourteenth: '14ª mensilità' }

export const arrears = {
  title: 'Calcolo arretrati',
  errors: {
    badDay: (field: string) =>
      `${field}: indica una data valida nel formato gg/mm/aaaa, tra il 1950 e il 2100.`,
    partTime: 'La percentuale di part-time deve essere un numero intero tra 1 e 100.',
    monthlyPayments: 'Le mensilità annue devono essere 12, 13 o 14.',
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
    dayCount: 'Il conteggio dei giorni deve essere calendario, ventiseiesimi o trentesimi.',
    unaTantumPaid:
      'Le una tantum già corrisposte vanno indicate con le date di erogazione (gg-mm-aaaa) separate da virgole, al massimo 20.',
    name: 'Il nome può avere al massimo 120 caratteri.',
  },
  /** `aprile 2025` from `2025-04`. */
  month: (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`)),
  dayCounts,
  dayCount: (method: DayCountName) => dayCounts[method],
  extraName: (kind: ExtraKind) => extraNames[kind],
  /** `12/26` */
  days: (days: number, of: number) => `${days}/${of}`,
  page: {
    intro:
      'Gli arretrati di un dipendente dopo un rinnovo: mese per mese la differenza tra il minimo corrisposto e quello dovuto, la 13ª e la 14ª scadute nel periodo, le una tantum del rinnovo, il riparto per anno e il TFR maturato.',
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
    cassaEdileHint: (percent: number) =>
      `Operai edili: gratifica natalizia e ferie accantonate alla Cassa Edile (${decimal.format(percent)} %), senza 13ª pagata dal datore.`,
    dayCountLabel: 'Giorni dei mesi parziali',
    dayCountHint: (divisor: number | null) =>
      divisor
        ? `Il divisore giornaliero delle tabelle è ${divisor}.`
        : 'Le tabelle non indicano un divisore.',
    unaTantumPaidLegend: 'Una tantum già corrisposta',
    unaTantumPaidHint: 'Spunta le rate già pagate: restano fuori dal totale.',
    instalment: (paidOn: string, amount: number, effectiveDate: string) =>
      `Rata del ${gg(paidOn)} · ${euro.format(amount)} (rinnovo dal ${gg(effectiveDate)})`,
    pdfLegend: 'Per il PDF (facoltativi)',
    employee: 'Dipendente',
    company: 'Azienda',
    submit: 'Calcola',
    tableOption: (day: string) => `dal ${gg(day)}`,
    fixErrors: 'Correggi i dati evidenziati.',
    resultsTitle: 'Risultato',
    totals: {
      pay: 'Differenze retributive',
      thirteenth: '13ª mensilità',
      fourteenth: '14ª mensilità',
      fund: 'Accantonamento Cassa Edile',
      unaTantum: 'Una tantum',
      total: 'Totale arretrati',
    },
    apart: 'Fuori dal totale',
    accruedTitle: 'Ratei maturati, non ancora esigibili',
    accruedNote: (until: string) =>
      `Maturati dopo l'ultima scadenza del periodo, sulla differenza in vigore al ${gg(until)}: si pagano con la mensilità quando scade.`,
    tfrTitle: 'TFR sugli arretrati',
    tfrExplain: (base: number, divisor: number, amount: number) =>
      `${euro.format(base)} / ${decimal.format(divisor)} = ${euro.format(amount)}`,
    tfrNote:
      'Quota di TFR (art. 2120 c.c.) sulle differenze, sulle mensilità aggiuntive e sui ratei maturati; escluse le una tantum.',
    summary: (level: string, partTime: number, hiredOn: string | null, until: string) =>
      `Livello ${level} · ${partTime === 100 ? 'tempo pieno' : `part-time ${partTime} %`} · ${
        hiredOn ? `assunto il ${gg(hiredOn)}` : 'in forza da prima'
      } · fino al ${gg(until)}`,
    methodTitle: 'Metodo',
    method: {
      days: (method: DayCountName, divisor: number | null) =>
        `Mesi parziali in ${dayCounts[method]}${divisor ? `; divisore giornaliero del contratto ${divisor}` : ''}.`,
      extra: (payments: number, fourteenthMonth: number) =>
        payments <= 12
          ? 'Nessuna mensilità aggiuntiva (12 mensilità).'
          : `${payments === 14 ? `13ª a dicembre e 14ª a ${monthOnly.format(new Date(Date.UTC(2000, fourteenthMonth - 1, 1)))}` : '13ª a dicembre'}, ciascuna sulla differenza in vigore alla sua scadenza, in proporzione ai mesi di servizio nel suo anno di maturazione (un mese conta con almeno 15 giorni).`,
      cassaEdile: (percent: number) =>
        `Gratifica natalizia e ferie accantonate alla Cassa Edile: ${decimal.format(percent)} % di ogni differenza mensile, riportato a parte.`,
      unaTantum:
        'Una tantum: solo quelle dei rinnovi calcolati (tabelle successive alla corrisposta e dal rinnovo scelto), a chi era in forza alla data prevista, non già corrisposte.',
      rounding: 'Ogni riga è arrotondata al centesimo; i totali sommano le righe arrotondate.',
    },
    linesTitle: 'Mese per mese',
    linesCaption: (paidOn: string) =>
      `I minimi sono mensili a tempo pieno: quello corrisposto (tabella dal ${gg(paidOn)}) e quello dovuto. La differenza è per i giorni del mese e la quota di part-time.`,
    linesTotal: 'Totale del periodo',
    noLines: 'Nessuna differenza nel periodo: il minimo corrisposto è già quello dovuto.',
    extraTitle: 'Mensilità aggiuntive scadute nel periodo',
    extraColumns: {
      kind: 'Mensilità',
      dueOn: 'Scadenza',
      months: 'Mesi di servizio',
      difference: 'Differenza mensile',
      amount: 'Importo',
    },
    extraTotal: 'Totale mensilità aggiuntive',
    noExtra: 'Nessuna mensilità aggiuntiva scaduta nel periodo.',
    fundNone:
      'Nessuna mensilità aggiuntiva pagata dal datore: gratifica natalizia e ferie vanno alla Cassa Edile.',
    months: (served: number) => `${served}/12`,
    yearsTitle: 'Per anno di competenza',
    yearColumns: { year: 'Anno', total: 'Totale' },
    separateTaxation: 'arretrati di anni precedenti, tassazione separata',
    currentYear: (year: number) => `anno del pagamento (${year})`,
    paymentYear: (year: number) =>
      `Pagamento previsto nel ${year}: gli importi di competenza degli anni precedenti sono arretrati di anni precedenti, soggetti a tassazione separata (art. 17 TUIR).`,
    yearsTotal: 'Totale',
    leftOutTitle: 'Non calcolati',
    leftOut: [
      'contributi previdenziali e assistenziali',
      'IRPEF e addizionali',
      'scatti di anzianità',
      'superminimi e altri elementi ad personam',
      'straordinari e maggiorazioni',
      'assenze (malattia, aspettative, permessi non retribuiti)',
    ],
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
    unaTantumStatus: {
      due: 'inclusa',
      alreadyPaid: 'non inclusa: già corrisposta',
      notInForce: 'non spetta: non in forza alla data prevista',
      otherRenewal: (effectiveDate: string) =>
        `non inclusa: appartiene al rinnovo dal ${gg(effectiveDate)}, precedente a quello calcolato`,
      paidTable: (effectiveDate: string) =>
        `non inclusa: la tabella corrisposta comprende già il rinnovo dal ${gg(effectiveDate)}`,
    },
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
      'Il calcolo degli arretrati è riservato agli utenti Professional: passa a Professional per calcolare differenze, mensilità aggiuntive e una tantum e scaricarli in XLSX e PDF.',
    missing: 'Per questa categoria non ci sono almeno due tabelle retributive da confrontare.',
  },
  /** Many employees at once: the upload, its errors, the summary. */
  list: {
    title: 'Più dipendenti insieme',
    intro:
      'Carica un file CSV o XLSX con un dipendente per riga (al massimo 500): ottieni un XLSX con un foglio di riepilogo e un foglio per dipendente, e un PDF. Le righe con errori sono indicate con il numero di riga e la colonna; le altre sono calcolate comunque.',
    columnsTitle: 'Colonne del file',
    columns:
      'nome e livello obbligatori; assunzione (vuota: in forza da prima), parttime (vuoto: 100), fine (vuota: quella del modulo), corrisposto (la decorrenza della tabella applicata; vuota: quella precedente al rinnovo), una tantum già corrisposta (le date di erogazione separate da punto e virgola, oppure «tutte»). Date gg/mm/aaaa.',
    template: 'Scarica il modello CSV',
    file: 'File dei dipendenti (CSV o XLSX)',
    fileHint: 'Fino a 500 righe e 1 MB; la prima riga contiene i nomi delle colonne.',
    until: 'Calcolo fino al (per le righe senza fine)',
    check: 'Controlla il file',
    xlsx: 'Calcola e scarica XLSX',
    pdf: 'Calcola e scarica PDF',
    resultTitle: 'Esito del file',
    computed: (n: number) => (n === 1 ? '1 dipendente calcolato' : `${n} dipendenti calcolati`),
    rejected: (n: number) => (n === 1 ? '1 riga con errori' : `${n} righe con errori`),
    again: 'Per scaricare i file scegli di nuovo il file e premi «Calcola e scarica».',
    errorsTitle: 'Righe con errori',
    rowError: (line: number, column: string, message: string) =>
      `Riga ${line}, colonna «${column}»: ${message}`,
    summarySheet: 'Riepilogo',
    errorsSheet: 'Errori',
    columnNames: {
      name: 'nome',
      level: 'livello',
      hiredOn: 'assunzione',
      partTime: 'parttime',
      until: 'fine',
      paidStep: 'corrisposto',
      unaTantumPaid: 'una tantum già corrisposta',
    },
    summaryColumns: {
      line: 'Riga',
      name: 'Dipendente',
      level: 'Livello',
      hiredOn: 'Assunzione',
      partTime: 'Part-time',
      until: 'Fino al',
      accrued: 'Ratei non esigibili',
      tfr: 'TFR sugli arretrati',
    },
    total: 'Totale',
    missingName: 'manca il nome del dipendente.',
    all: ['tutte', 'tutti', 'si', 'sì', 'x'],
    errors: {
      noFile: 'Scegli il file CSV o XLSX dei dipendenti.',
      tooLarge: 'Il file supera 1 MB: dividilo in più file.',
      unreadable: 'Il file non è un CSV o un XLSX leggibile.',
      empty:
        'Il file non contiene dipendenti: la prima riga deve avere i nomi delle colonne, le altre un dipendente ciascuna.',
      tooManyRows: 'Il file ha più di 500 dipendenti: dividilo in più file.',
      missingColumns: (columns: string) => `Nel file mancano le colonne obbligatorie: ${columns}.`,
      format: 'Il formato deve essere json, xlsx o pdf.',
    },
    fileName: (categoryCode: number, extension: string) => `arretrati_${categoryCode}_elenco.${extension}`,
    pdfTitle: (category: string) => `Calcolo arretrati · ${category} · elenco dei dipendenti`,
  },
  pdf: {
    parameters: 'Dati del calcolo',
    renewal: 'Decorrenza del rinnovo',
    employee: 'Dipendente',
    company: 'Azienda',
    generated: (day: string) => `Calcolo del ${day} · Banca Dati CCNL`,
    page: (current: number, count: number) => `Pagina ${current} di ${count}`,
    disclaimer:
      'Calcolo indicativo sui minimi contrattuali (paga base, contingenza e terzo elemento), da verificare con i dati del cedolino.',
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
    dayCount: 'Giorni dei mesi parziali',
    paid: (day: string) => `Minimo corrisposto: tabella con decorrenza ${day}`,
    tablesUsed: 'Tabelle usate (decorrenza · minimo mensile)',
    month: 'Mese',
    effectiveDate: 'Decorrenza',
    from: 'Dal',
    to: 'Al',
    days: 'Giorni',
    of: 'Su',
    paidColumn: 'Minimo corrisposto',
    owedColumn: 'Minimo dovuto',
    pay: 'Differenza',
    fund: 'Cassa Edile',
    year: 'Anno',
    unaTantum: 'Una tantum',
    unaTantumLine: (paidOn: string) => `Una tantum erogata il ${paidOn}`,
    months: (served: number, of: number) => `${served}/${of} mesi di servizio`,
    notInForce: 'non spetta: non in forza alla data prevista',
    total: 'Totale arretrati',
    method: 'Metodo',
    status: 'Esito',
  },
} as const
