/** The redline between two editions of a contract text ('Confronto tra edizioni') and 'Il testo in vigore al'. */
const articles = (n: number, one: string, many: string) =>
  n === 1 ? `1 articolo ${one}` : `${n} articoli ${many}`

export const redline = {
  title: 'Confronto tra edizioni',
  intro:
    'Confronta due edizioni del testo nazionale, articolo per articolo: prima gli articoli aggiunti, eliminati e modificati, poi il testo con le parole eliminate e inserite.',
  picker: {
    title: 'Edizioni da confrontare',
    from: 'Da',
    to: 'A',
    submit: 'Confronta',
    option: (date: string, title: string) => `${date} – ${title}`,
  },
  /** 'Dal 30/03/2015 al 22/03/2024'. */
  span: (from: string, to: string) => `Dall’edizione del ${from} a quella del ${to}`,
  counts: {
    added: (n: number) => articles(n, 'aggiunto', 'aggiunti'),
    removed: (n: number) => articles(n, 'eliminato', 'eliminati'),
    changed: (n: number) => articles(n, 'modificato', 'modificati'),
    unchanged: (n: number) => articles(n, 'invariato', 'invariati'),
  },
  lists: {
    added: 'Articoli aggiunti',
    removed: 'Articoli eliminati',
    changed: 'Articoli modificati',
    none: 'Nessuno',
  },
  change: {
    added: 'Aggiunto',
    removed: 'Eliminato',
    changed: 'Modificato',
    unchanged: 'Invariato',
  },
  /** Under each count: 'Aggiunti', or 'Aggiunto' for one. */
  countLabel: {
    added: (n: number) => (n === 1 ? 'Aggiunto' : 'Aggiunti'),
    removed: (n: number) => (n === 1 ? 'Eliminato' : 'Eliminati'),
    changed: (n: number) => (n === 1 ? 'Modificato' : 'Modificati'),
    unchanged: (n: number) => (n === 1 ? 'Invariato' : 'Invariati'),
  },
  textTitle: 'Il testo a confronto',
  previousHeading: 'Nell’edizione precedente:',
  retitled: 'Il testo è lo stesso: cambiano solo il numero o il titolo.',
  words: (struck: number, inserted: number) =>
    `${struck === 1 ? '1 parola eliminata' : `${struck} parole eliminate`}, ${inserted === 1 ? '1 inserita' : `${inserted} inserite`}`,
  unchangedGroup: (n: number, first: string, last: string) =>
    n === 1 ? `1 articolo invariato: ${first}` : `${n} articoli invariati: da ${first} a ${last}`,
  legend: {
    title: 'Legenda',
    struck: 'Testo eliminato',
    inserted: 'Testo inserito',
  },
  /** Read by screen readers around the words struck and inserted. */
  sr: {
    struckStart: '[eliminato: ',
    insertedStart: '[inserito: ',
    end: ']',
  },
  openInText: 'Apri nel testo',
  print: 'Stampa',
  noChanges: 'Le due edizioni hanno gli stessi articoli, con lo stesso testo.',
  noArticles:
    'Nei testi scelti non ci sono articoli riconoscibili (titoli «Art.» o «Articolo»): il confronto non è possibile.',
  noEditions: 'Per questo contratto non ci sono testi nazionali da confrontare.',
  oneEdition:
    'Per questo contratto è disponibile una sola edizione del testo nazionale: il confronto richiede almeno due edizioni.',
  openText: 'Vai al testo',
  sameEdition: 'Hai scelto la stessa edizione due volte: scegli due edizioni diverse da confrontare.',
  unknownEdition:
    'L’edizione richiesta non è tra quelle di questo contratto: sono confrontate le due più recenti.',
  reordered: 'Le edizioni sono confrontate in ordine di data, dalla meno recente alla più recente.',
  professionalTitle: 'Il confronto tra edizioni è una funzione Professional',
  inForce: {
    label: 'Il testo in vigore al',
    hint: 'Scrivi la data come gg/mm/aaaa.',
    placeholder: 'gg/mm/aaaa',
    submit: 'Cerca',
    found: (date: string) => `Al ${date} è in vigore:`,
    /** The edition chosen by its decorrenza, which a renewal often sets before its signature. */
    sinceEffective: (from: string, signed: string) =>
      `In vigore dal ${from}: la scelta si basa sulla decorrenza del testo, non sulla data di firma (${signed}).`,
    /** The edition chosen by its date, having no decorrenza of its own. */
    sinceDate: (from: string) =>
      `In vigore dal ${from}: la scelta si basa sulla data del testo, perché la decorrenza non è indicata.`,
    badDate: 'Indica una data valida nel formato gg/mm/aaaa, ad esempio 01/01/2020.',
    none: (first: string) =>
      `Nessuna edizione del testo risulta in vigore alla data indicata: la prima edizione in banca dati si applica dal ${first}.`,
    locked: 'Questa edizione fa parte dell’archivio storico, riservato agli utenti Professional.',
  },
  printHeading: 'Confronto tra edizioni del testo nazionale',
  printFrom: 'Da:',
  printTo: 'A:',
  printUnchanged: 'Articoli invariati',
}
