/** A list of codes in Italian: «a, b e c». */
const list = (codes: string[]) =>
  codes.length === 1 ? (codes[0] as string) : `${codes.slice(0, -1).join(', ')} e ${codes[codes.length - 1]}`

/** 'Che contratto applico?': the contracts usually applied to an activity (ATECO code or words). */
export const activityFinder = {
  title: 'Che contratto applico?',
  lead: 'Scrivi il codice ATECO dell’attività (2025, o il 2007 della visura; anche solo le prime cifre) o com’è chiamata: ti mostriamo i contratti collettivi applicati di solito e il perché.',
  navLabel: 'Che contratto applico?',
  homeLink: 'Non sai quale CCNL cercare? Parti dall’attività o dal codice ATECO:',
  homeLinkAction: 'Che contratto applico?',
  label: 'Codice ATECO o attività',
  placeholder: 'Es. 56.11.11, 56.11, ristorante, autofficina',
  hint: 'Un codice ATECO 2025 completo (56.11.11) o parziale (56.11, 56), un codice ATECO 2007 (62.01.00), oppure parole come «ristorante», «software», «impresa edile».',
  submit: 'Trova i contratti',
  examplesTitle: 'Prova con',
  examples: [
    'ristorante',
    'software',
    'bar',
    'autofficina',
    'parrucchiere',
    'impresa edile',
    'colf',
    '47.11',
    '62.01.00',
  ],
  results: (count: number) =>
    count === 1 ? '1 codice ATECO corrispondente' : `${count} codici ATECO corrispondenti`,
  level: {
    sezione: 'Sezione',
    divisione: 'Divisione',
    gruppo: 'Gruppo',
    classe: 'Classe',
    categoria: 'Categoria',
    sottocategoria: 'Sottocategoria',
  },
  sectionLabel: (letter: string, title: string) => `Sezione ${letter} – ${title}`,
  leading: 'Il più applicato',
  categories: 'Categorie',
  openContract: 'Apri il contratto',
  reasonCode: (codes: string[], categories: string[]) =>
    `${codes.length === 1 ? 'Codice ATECO' : 'Codici ATECO'} ${codes.join(', ')} ${
      categories.length === 1 ? 'della categoria' : 'delle categorie'
    } ${categories.map((name) => `«${name}»`).join(', ')}`,
  reasonNear: (
    level: 'sezione' | 'divisione' | 'gruppo' | 'classe' | 'categoria' | 'sottocategoria',
    code: string,
    title: string,
  ) =>
    `${level === 'gruppo' ? 'Stesso gruppo' : `Stessa ${level}`} ATECO ${code}${title ? ` – ${title}` : ''}`,
  reasonSection: (letter: string, title: string) => `Stessa sezione ATECO ${letter} – ${title}`,
  indirect:
    'Nessuna categoria in banca dati indica proprio questo codice: ecco i contratti applicati ad attività vicine, con il codice o la sezione ATECO che le accomuna.',
  noContracts: 'Nessun contratto in banca dati indica questo codice o la sua sezione.',
  nearest: (code: string, nearest: string) =>
    `Il codice ${code} non è nell’elenco ATECO 2025 né nella tavola di raccordo ISTAT con l’ATECO 2007: ecco il codice ATECO 2025 più vicino per prefisso, ${nearest}.`,
  mappedIstat: (code: string, codes: string[], shown: number) =>
    `${code} è un codice ATECO 2007: nella tavola di raccordo ISTAT corrisponde ${
      codes.length === 1 ? `al codice ATECO 2025 ${codes[0]}` : `ai codici ATECO 2025 ${list(codes)}`
    }.${shown < codes.length ? ` Ne mostriamo ${shown}: scrivi il codice ATECO 2025 per vederne un altro.` : ''}`,
  alsoAteco2007: (code: string, codes: string[]) =>
    `Se ${code} è il codice ATECO 2007 della visura, nella tavola di raccordo ISTAT corrisponde ${
      codes.length === 1 ? `al codice ATECO 2025 ${codes[0]}` : `ai codici ATECO 2025 ${list(codes)}`
    }: cercalo per vedere i suoi contratti.`,
  ordering: {
    application:
      'Ordinati per numero di dipendenti a cui si applicano (dati CNEL-INPS dei flussi Uniemens): il primo è il più applicato.',
    representativeness:
      'Ordinati per rappresentatività dei firmatari secondo l’archivio CNEL: non abbiamo i dati di applicazione (aziende e dipendenti) di tutti questi contratti, quindi non indichiamo il più applicato.',
    unmeasured:
      'Non abbiamo i dati di applicazione (aziende e dipendenti) di questo contratto: non indichiamo se è il più applicato.',
  },
  application: (employees: string, employers: string | null, source: string | null) =>
    `Applicato a ${employees} dipendenti${employers ? ` in ${employers} aziende` : ''}${source ? ` (${source})` : ''}`,
  unknownCode: (code: string) =>
    `Il codice ${code} non è nell’elenco ATECO 2025. Controlla le cifre o prova con le prime due (la divisione) o con parole che descrivono l’attività.`,
  invalidCode: 'Questo non sembra un codice ATECO: un codice ha da 2 a 6 cifre, come 56, 56.11 o 56.11.11.',
  noWords: (query: string) =>
    `Nessuna attività corrisponde a «${query}». Prova con un’altra parola (per esempio «ristorante» o «negozio») o con il codice ATECO.`,
  tooLong: 'Scrivi al massimo 100 caratteri.',
  apiSummary: 'Contratti applicati a un’attività (codice ATECO 2025 o parole)',
}
