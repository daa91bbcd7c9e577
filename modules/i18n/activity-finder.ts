/** 'Che contratto applico?': the contracts usually applied to an activity (ATECO code or words). */
export const activityFinder = {
  title: 'Che contratto applico?',
  lead: 'Scrivi il codice ATECO 2025 dell’attività (anche solo le prime cifre) o com’è chiamata: ti mostriamo i contratti collettivi applicati di solito, il più diffuso per primo, e il perché.',
  navLabel: 'Che contratto applico?',
  homeLink: 'Non sai quale CCNL cercare? Parti dall’attività o dal codice ATECO:',
  homeLinkAction: 'Che contratto applico?',
  label: 'Codice ATECO o attività',
  placeholder: 'Es. 56.11.11, 56.11, ristorante, autofficina',
  hint: 'Un codice ATECO 2025 completo (56.11.11) o parziale (56.11, 56), oppure parole come «ristorante», «parrucchiere», «impresa edile».',
  submit: 'Trova i contratti',
  examplesTitle: 'Prova con',
  examples: [
    'ristorante',
    'bar',
    'autofficina',
    'parrucchiere',
    'impresa edile',
    'colf',
    '47.11',
    '49.41.00',
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
    `Il codice ${code} non è nell’elenco ATECO 2025 (potrebbe essere un codice ATECO 2007): ecco il codice più vicino, ${nearest}.`,
  unknownCode: (code: string) =>
    `Il codice ${code} non è nell’elenco ATECO 2025. Controlla le cifre o prova con le prime due (la divisione) o con parole che descrivono l’attività.`,
  invalidCode: 'Questo non sembra un codice ATECO: un codice ha da 2 a 6 cifre, come 56, 56.11 o 56.11.11.',
  noWords: (query: string) =>
    `Nessuna attività corrisponde a «${query}». Prova con un’altra parola (per esempio «ristorante» o «negozio») o con il codice ATECO.`,
  tooLong: 'Scrivi al massimo 100 caratteri.',
  apiSummary: 'Contratti applicati a un’attività (codice ATECO 2025 o parole)',
}
