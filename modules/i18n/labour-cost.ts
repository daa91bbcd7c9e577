/** The cost of labour ('Costo del lavoro'): its page, its form's errors, its blocks and its exports' headings. */
import { formatDecimal } from './format.ts'

const gg = (day: string) => day.split('-').reverse().join('/')
const hours = (value: number) => `${formatDecimal(value)} ore`

export const labourCost = {
  title: 'Costo del lavoro',
  classifications: {
    industria: 'Industria',
    'industria-edile': 'Industria edile',
    artigianato: 'Artigianato',
    terziario: 'Commercio e terziario',
    cooperative: 'Cooperative',
    agricoltura: 'Agricoltura',
    credito: 'Credito e assicurazioni',
  },
  sizeBands: {
    'fino-15': 'fino a 15 dipendenti',
    '16-50': 'da 16 a 50 dipendenti',
    'oltre-50': 'oltre 50 dipendenti',
  },
  qualifications: { operai: 'Operaio', impiegati: 'Impiegato' },
  blocks: {
    A: 'A · Elementi retributivi',
    B: 'B · Oneri aggiuntivi',
    C: 'C · Oneri previdenziali e assistenziali',
    TFR: 'Trattamento di fine rapporto',
    D: 'D · Altri oneri contrattuali',
    IRAP: 'IRAP',
  },
  blockTotal: (key: string) => `Totale ${key}`,
  hours: {
    title: 'Ore annue (metodo del Ministero)',
    theoretical: 'Ore annue teoriche',
    worked: 'Ore mediamente lavorate',
    value: hours,
  },
  /** How a line's amount is measured, as printed. */
  measures: {
    months: (months: number, monthly: string) => `${months} × ${monthly}`,
    hours: (count: number, hourly: string) => `${hours(count)} × ${hourly}`,
    days: (days: number, daily: string) => `${formatDecimal(days)} gg × ${daily}`,
    percent: (rate: number, base: string) => `${formatDecimal(rate)} % di ${base}`,
    perMille: (rate: number, base: string) => `${formatDecimal(rate)} ‰ di ${base}`,
    perMonth: (amount: string, months: number) => `${amount} al mese × ${months}`,
    perHour: (amount: string, count: number) => `${amount} l'ora × ${hours(count)}`,
    perYear: (amount: string) => `${amount} l'anno`,
  },
  totals: {
    annual: 'Costo annuo',
    monthly: 'Costo mensile (annuo / 12)',
    perHourPaid: 'Costo per ora retribuita',
    perHourWorked: 'Costo per ora lavorata',
  },
  errors: {
    level: 'Scegli un livello della tabella retributiva (parametro livello).',
    levelNotFound: (level: string) =>
      `Il livello ${level} non compare nella tabella retributiva della decorrenza scelta (parametro livello).`,
    badDay: 'decorrenza: indica una data valida nel formato gg/mm/aaaa.',
    decorrenzaNotFound: 'La decorrenza indicata non è tra quelle delle tabelle retributive della categoria.',
    noTables: 'Per questa categoria non ci sono tabelle retributive.',
    partTime: 'parttime: la percentuale di part-time deve essere un numero intero tra 1 e 100.',
    classification: 'classificazione: scegli una classificazione INPS tra quelle elencate.',
    classificationMissing:
      'classificazione: il contratto non indica la classificazione INPS del datore di lavoro: sceglila.',
    band: 'dimensione: scegli fino a 15, da 16 a 50 oppure oltre 50 dipendenti.',
    employees: 'dipendenti: indica un numero intero di dipendenti coerente con la fascia scelta.',
    qualification: 'qualifica: scegli operaio o impiegato.',
    inail: 'inail: indica il tasso INAIL per mille, un numero tra 0 e 500 (es. 9,5 o 9.5).',
    inailMissing:
      "inail: il contratto non indica un tasso INAIL predefinito: indica quello della voce di tariffa dell'azienda (per mille).",
    irap: "irap: indica l'aliquota IRAP regionale in per cento, tra 0 e 10 (es. 3,9).",
    apprentice: 'apprendista: indica l’anno di apprendistato, da 1 a 6.',
    apprenticeYear: (years: number) =>
      `apprendista: il contratto prevede la retribuzione degli apprendisti per ${years} anni.`,
    apprenticeTerms:
      'apprendista: il contratto non indica la retribuzione degli apprendisti in percentuale: non è possibile calcolarla.',
    steps: 'scatti: indica il numero di scatti di anzianità maturati, da 0 a 20.',
    noTerms:
      'Il contratto non ha ancora i dati per il costo del lavoro (ore annue e oneri contrattuali): la redazione deve inserirli nelle condizioni essenziali.',
    ratesMissing: (classification: string, band: string, day: string) =>
      `Mancano le aliquote contributive per ${classification}, ${band}, in vigore al ${gg(day)}: la redazione deve inserirle in «Aliquote contributive». Nessun importo è stato stimato.`,
    rateMissing: (label: string, classification: string, band: string, day: string) =>
      `Manca l'aliquota «${label}» per ${classification}, ${band}, in vigore al ${gg(day)}: la redazione deve inserirla in «Aliquote contributive». Nessun importo è stato stimato.`,
    hoursExceeded:
      'Le ore non lavorate indicate nelle condizioni del contratto superano le ore teoriche: la redazione deve correggerle.',
  },
  fields: {
    level: 'Livello',
    decorrenza: 'Decorrenza della tabella',
    qualification: 'Qualifica',
    partTime: 'Part-time (%)',
    partTimeHint: '100 per il tempo pieno.',
    classification: 'Classificazione INPS',
    classificationHint: (fromContract: boolean) =>
      fromContract ? 'Proposta dal contratto.' : 'Il contratto non la indica: sceglila.',
    band: 'Dimensione dell’azienda',
    employees: 'Dipendenti (facoltativo)',
    employeesHint: 'Il numero esatto, per le aliquote che cambiano dentro la fascia (FIS, apprendisti).',
    inail: 'Tasso INAIL (‰)',
    inailHint: (defaultRate: string | null) =>
      defaultRate
        ? `Predefinito del settore: ${defaultRate} ‰. Indica quello della voce di tariffa dell’azienda.`
        : 'Indica quello della voce di tariffa dell’azienda.',
    irap: 'IRAP regionale (%)',
    irapHint: 'Facoltativa: per i lavoratori per cui è dovuta (es. a tempo determinato).',
    apprentice: 'Apprendista (anno)',
    apprenticeNone: 'No',
    apprenticeYear: (year: number, percent: number) => `${year}° anno (${formatDecimal(percent)} %)`,
    steps: 'Scatti di anzianità',
    submit: 'Calcola',
  },
  page: {
    intro:
      'Quanto costa al datore di lavoro un dipendente di questo contratto, con il metodo delle tabelle del Ministero del lavoro (costo medio orario): elementi retributivi, oneri aggiuntivi, contributi INPS voce per voce, INAIL, TFR e oneri contrattuali, sulle ore mediamente lavorate in un anno.',
    formTitle: 'Dati del calcolo',
    resultsTitle: 'Risultato',
    summary: (
      level: string,
      day: string,
      qualification: string,
      partTime: number,
      apprentice: number | null,
    ) =>
      [
        `Livello ${level}`,
        qualification.toLowerCase(),
        partTime === 100 ? 'tempo pieno' : `part-time ${partTime} %`,
        apprentice ? `apprendista ${apprentice}° anno` : null,
        `tabella dal ${gg(day)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    lineColumn: 'Voce',
    measureColumn: 'Aliquota e base',
    amountColumn: 'Importo annuo',
    sourcesTitle: 'Fonti delle aliquote e delle regole',
    inailDefault: 'predefinito del settore',
    inailGiven: 'indicato',
    rateRecord: (classification: string, band: string, from: string) =>
      `Aliquote contributive: ${classification}, ${band}, in vigore dal ${gg(from)}.`,
    allLevelsTitle: 'Tutti i livelli della categoria',
    allLevelsNote:
      'Stessi dati del calcolo (qualifica, part-time, classificazione, dimensione, INAIL e IRAP) per ogni livello della tabella.',
    annualColumn: 'Costo annuo',
    hourlyColumn: 'Costo per ora lavorata',
    xlsx: 'Scarica XLSX',
    pdf: 'Scarica PDF',
    print: 'Stampa',
    fixErrors: 'Correggi i dati evidenziati.',
    professionalTitle: 'Funzione Professional',
    professionalOnly:
      'Il costo del lavoro è riservato agli utenti Professional: passa a Professional per calcolare il costo annuo e orario di ogni livello, con contributi e fonti, e scaricarlo in XLSX e PDF.',
    noTables: 'Per questa categoria non ci sono tabelle retributive.',
  },
  method: [
    'Metodo delle tabelle del Ministero del lavoro sul costo medio orario (art. 41, comma 13, d.lgs. 36/2023).',
    'A: gli elementi della tabella retributiva (paga base, contingenza, terzo elemento/EDR, scatti) per 12 mesi, oppure per le ore lavorate per chi è retribuito a ore.',
    'B: le mensilità aggiuntive (13ª, 14ª), le ore e i giorni retribuiti in più e gli accantonamenti previsti dal contratto.',
    'C: contributi contrattuali, contributi INPS a carico del datore di lavoro voce per voce e premio INAIL, sull’imponibile previdenziale (A + B).',
    'TFR: la retribuzione annua divisa per 13,5 (art. 2120 c.c.). D: enti bilaterali, fondi sanitari, previdenza complementare e indennità del contratto.',
    'Ore lavorate: ore teoriche (52,2 settimane dell’orario contrattuale) meno ferie, festività, permessi/ROL e assenze medie.',
    'Ogni riga è arrotondata al centesimo e ogni totale è la somma delle righe stampate.',
  ],
  pdf: {
    generated: (day: string) => `Calcolo del ${day} · Banca Dati CCNL`,
    page: (current: number, count: number) => `Pagina ${current} di ${count}`,
    methodTitle: 'Metodo',
    parameters: 'Dati del calcolo',
    disclaimer:
      'Costo indicativo sui minimi contrattuali e sugli oneri di legge e di contratto; non considera superminimi, straordinari, premi aziendali, agevolazioni contributive e rivalutazione del TFR.',
  },
  sheet: {
    name: 'Costo del lavoro',
    contract: 'Contratto',
    category: 'Categoria',
    level: 'Livello',
    decorrenza: 'Decorrenza della tabella',
    qualification: 'Qualifica',
    partTime: 'Part-time',
    apprentice: 'Apprendista',
    classification: 'Classificazione INPS',
    band: 'Dimensione',
    inail: 'INAIL (‰)',
    line: 'Voce',
    measure: 'Aliquota e base',
    rate: 'Aliquota',
    base: 'Base',
    amount: 'Importo annuo',
    source: 'Fonte',
    hoursLine: 'Ore',
    allLevels: 'Tutti i livelli',
  },
  print: {
    heading: (category: string, level: string) => `Costo del lavoro · ${category} · livello ${level}`,
  },
  compareRow: 'Costo annuo del datore di lavoro',
  compareNote:
    'Tempo pieno, azienda fino a 15 dipendenti, classificazione INPS e tasso INAIL proposti dal contratto.',
  compareMissing: 'non calcolabile',
} as const
