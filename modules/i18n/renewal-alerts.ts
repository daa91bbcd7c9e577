/** Renewal alerts: the bell's and the digest's notice of new minimums or a new edition of a followed contract. */
export const renewalAlerts = {
  payTable: {
    title: (date: string, contract: string, category: string) =>
      `Nuovi minimi dal ${date} – ${contract} (${category})`,
    lead: (previous: string) => `Minimi mensili rispetto alla decorrenza del ${previous}:`,
    correctionTitle: (title: string) => `Correzione – ${title}`,
    correctionLead: (date: string, changed: string | null) =>
      `Gli importi della decorrenza del ${date} sono stati corretti${changed ? ` (${changed})` : ''}: ecco i valori corretti.`,
    firstTable: 'Prima tabella della categoria. Minimi mensili:',
    level: (code: string, before: string, after: string, difference: string, percent: string) =>
      `Liv. ${code}: ${before} → ${after} (${difference}, ${percent})`,
    levelUnchanged: (code: string, amount: string) => `Liv. ${code}: ${amount} (invariato)`,
    levelAdded: (code: string, amount: string) => `Liv. ${code}: ${amount} (nuovo livello)`,
    levelDropped: (code: string) => `Liv. ${code}: eliminato`,
    moreLevels: (n: number) => (n === 1 ? 'e un altro livello' : `e altri ${n} livelli`),
    unaTantum: (amount: string, entitledOn: string, paidOn: string) =>
      `Una tantum di ${amount} a chi è in forza al ${entitledOn}, erogata il ${paidOn}`,
    moreUnaTantum: (n: number) => (n === 1 ? 'e un’altra una tantum' : `e altre ${n} una tantum`),
    unaTantumLevels: (levels: string) => `livelli ${levels}`,
    unaTantumPartTime: 'ridotta per il part-time',
    unaTantumService: (from: string, to: string) => `in proporzione ai mesi di servizio dal ${from} al ${to}`,
  },
  text: {
    title: (contract: string) => `Nuova edizione del testo – ${contract}`,
    body: (date: string, previous: string, counts: string) =>
      `Edizione del ${date} a confronto con quella del ${previous}: ${counts}.`,
    added: (n: number) => (n === 1 ? '1 articolo aggiunto' : `${n} articoli aggiunti`),
    removed: (n: number) => (n === 1 ? '1 eliminato' : `${n} eliminati`),
    changed: (n: number) => (n === 1 ? '1 modificato' : `${n} modificati`),
  },
  /** `CCNL Terziario Confcommercio` from a contract's short title (its full title when it has none). */
  contract: (shortTitle: string | null, title: string) =>
    shortTitle ? (/^ccnl\b/i.test(shortTitle) ? shortTitle : `CCNL ${shortTitle}`) : title,
} as const
