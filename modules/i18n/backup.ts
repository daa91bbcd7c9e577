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
  cartella dei dati (DATA_DIR) nuova o vuota, o in un database (DATABASE_URL) vuoto.`,
  written: (where: string) => `Istantanea scritta: ${where}`,
  restored: (name: string) => `Istantanea ${name} ripristinata.`,
  pruned: (count: number) =>
    count === 1 ? 'Eliminata 1 istantanea meno recente.' : `Eliminate ${count} istantanee meno recenti.`,
  errors: {
    notFound: (where: string) => `Istantanea non trovata: ${where} (manca ${'manifest.json'}).`,
    badManifest: (detail: string) => `Il file manifest.json dell'istantanea non è valido: ${detail}.`,
    unsupportedFormat: (format: unknown) =>
      `Formato dell'istantanea non supportato (${String(format)}): questa versione del portale legge il formato 1.`,
    checksum: (file: string) =>
      `Il file ${file} dell'istantanea è danneggiato o incompleto (impronta SHA-256 diversa da quella del manifest).`,
    missingFile: (file: string) => `Il file ${file} dell'istantanea manca.`,
    migrations: (portalVersion: string) =>
      `L'istantanea è stata fatta con uno schema del database diverso da questo (portale ${portalVersion}): ` +
      'ripristinala con la stessa versione del portale, poi avvia la versione nuova, che aggiornerà il database.',
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
    noPgRestore: (major: number) =>
      `L'istantanea contiene un archivio di pg_dump: serve pg_restore di PostgreSQL ${major} o successivo ` +
      '(indicalo con PG_DUMP, il percorso di pg_dump accanto al quale si trova pg_restore).',
    toolFailed: (tool: string, detail: string) => `${tool} non riuscito: ${detail}`,
    s3Unconfigured: 'Per leggere un’istantanea da S3 imposta S3_BUCKET e S3_REGION.',
  },
} as const
