/** The texts of `npm run backup` and `npm run restore` (operators read them in the terminal). */
export const backup = {
  usageBackup: `Uso:
  npm run backup [-- <cartella>]

  Scrive un'istantanea del portale (database e file caricati) in <cartella>
  (predefinita: BACKUP_DIR) oppure, con S3_BUCKET, nel bucket sotto backups/.`,
  usageRestore: `Uso:
  npm run restore -- <istantanea>

  <istantanea> è la cartella di un'istantanea, oppure, con S3_BUCKET, il suo nome
  nel bucket (o s3://bucket/backups/<nome>). Il ripristino scrive solo in una
  cartella dei dati (DATA_DIR) nuova o vuota, o in un database (DATABASE_URL) vuoto.
  Serve la chiave che ha firmato l'istantanea: BACKUP_KEY, oppure, in modalità
  incorporata, il file backup.key della cartella dei dati che l'ha scritta,
  copiato nella nuova cartella dei dati.`,
  written: (where: string) => `Istantanea scritta: ${where}`,
  restored: (name: string) => `Istantanea ${name} ripristinata.`,
  pruned: (count: number) =>
    count === 1 ? 'Eliminata 1 istantanea meno recente.' : `Eliminate ${count} istantanee meno recenti.`,
  errors: {
    notFound: (where: string) => `Istantanea non trovata: ${where} (manca ${'manifest.json'}).`,
    badManifest: (detail: string) => `Il file manifest.json dell'istantanea non è valido: ${detail}.`,
    unsupportedFormat: (format: unknown) =>
      `Formato dell'istantanea non supportato (${String(format)}): questa versione del portale legge il formato 2, firmato. ` +
      "Un'istantanea di un formato precedente, non firmata, si ripristina con la versione del portale che l'ha scritta.",
    unsigned:
      "L'istantanea non è firmata (manca manifest.sig): ripristino rifiutato. Si ripristinano solo le istantanee " +
      'scritte da npm run backup con la stessa chiave (BACKUP_KEY o il file backup.key).',
    badSignature:
      "La firma dell'istantanea non corrisponde: il manifest è stato modificato dopo il backup, oppure è stato firmato " +
      'con un’altra chiave. Ripristino rifiutato: controlla BACKUP_KEY (o il file backup.key della cartella dei dati ' +
      "che ha scritto l'istantanea).",
    outsidePath: (file: string) =>
      `Il percorso «${file}» del manifest esce dalla cartella dell'istantanea: ripristino rifiutato.`,
    checksum: (file: string) =>
      `Il file ${file} dell'istantanea è danneggiato o incompleto (impronta SHA-256 diversa da quella del manifest).`,
    missingFile: (file: string) => `Il file ${file} dell'istantanea manca.`,
    laterSchema: (migration: string, portalVersion: string) =>
      `L'istantanea è stata fatta con uno schema del database più recente di quello che questo portale conosce ` +
      `(migrazione ${migration}, portale ${portalVersion}): ripristinala con quella versione del portale o una successiva.`,
    migrations: (portalVersion: string) =>
      `L'istantanea è stata fatta con uno schema del database diverso da questo (portale ${portalVersion}): ` +
      'ripristinala con la stessa versione del portale, poi avvia la versione nuova, che aggiornerà il database.',
    unknownTable: (table: string) =>
      `L'istantanea contiene la tabella ${table}, che lo schema di questo portale non ha: ripristino annullato.`,
    unknownColumn: (table: string, column: string) =>
      `L'istantanea contiene la colonna ${column} della tabella ${table}, che lo schema di questo portale non ha: ` +
      'ripristino annullato.',
    unknownSequence: (sequence: string) =>
      `L'istantanea contiene la sequenza ${sequence}, che lo schema di questo portale non ha: ripristino annullato.`,
    notInSnapshots: (what: string) =>
      `L'istantanea contiene ${what}, che un'istantanea non deve contenere (segreti di breve durata): ripristino annullato.`,
    repeatedTable: (table: string) =>
      `L'istantanea elenca due volte la tabella ${table}: ripristino annullato.`,
    noKeyProduction:
      'BACKUP_KEY non è impostata: in produzione le istantanee si firmano (e si possono cifrare) con BACKUP_KEY, ' +
      'obbligatoria per il backup e per il ripristino. Impostala con una chiave casuale di almeno 32 caratteri ' +
      '(ad esempio: openssl rand -base64 32) e conservala lontano dalle istantanee.',
    noKeyEmbedded: (file: string) =>
      "Manca la chiave che ha firmato l'istantanea: imposta BACKUP_KEY oppure copia in " +
      `${file} il file backup.key della cartella dei dati che ha scritto l'istantanea.`,
    dataDirNotEmpty: (dir: string) =>
      `La cartella dei dati ${dir} non è vuota: il ripristino scrive solo in una cartella nuova o vuota. ` +
      'Scegline un’altra con DATA_DIR, oppure svuota questa dopo averne fatto una copia.',
    databaseNotEmpty: (tables: number) =>
      `Il database di destinazione non è vuoto (${tables} tabelle): il ripristino scrive solo in un database vuoto. ` +
      'Crea un database nuovo e indicalo con DATABASE_URL.',
    mediaNotEmpty: (where: string) =>
      `Ci sono già file caricati in ${where}: il ripristino scrive solo dove non ce ne sono.`,
    rowCount: (table: string, expected: number, found: number) =>
      `La tabella ${table} ripristinata ha ${found} righe invece di ${expected}: ripristino annullato.`,
    s3Unconfigured: 'Per leggere un’istantanea da S3 imposta S3_BUCKET e S3_REGION.',
  },
} as const
