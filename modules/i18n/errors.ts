/** The API's and the pages' error texts (the JSON error shape's `message`). */
export const errors = {
  notFound: 'La risorsa richiesta non esiste.',
  routeNotFound: 'Il percorso richiesto non esiste.',
  internal: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
  unavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
  invalidInput: 'I dati inviati non sono validi.',
  invalidField: (field: string, reason: string) => `Il campo «${field}» non è valido: ${reason}`,
  invalidJson: 'Il corpo della richiesta non è un JSON valido.',
  unsupportedMediaType:
    'Formato dei dati inviati non supportato: controlla l’intestazione Content-Type della richiesta.',
  methodNotAllowed: 'Metodo non consentito per questo percorso.',
  crossOrigin: 'Richiesta rifiutata: proviene da un sito diverso dal portale.',
  tooManySearches:
    'Hai effettuato troppe ricerche in poco tempo da questa rete. Attendi qualche istante e riprova.',
  serverIsland:
    'Questa parte della pagina non può essere caricata dall’indirizzo richiesto: ricarica la pagina.',
  devToolsLocalOnly:
    'Gli strumenti di prova (/dev) rispondono solo alle richieste fatte da questo computer (localhost o 127.0.0.1).',
  metricsForbidden:
    'Le metriche (/metrics) rispondono solo a questo computer o a chi presenta il token METRICS_TOKEN (intestazione Authorization: Bearer).',
  bodyTooLarge: (limit: string) =>
    `La richiesta è troppo grande: il limite per questo indirizzo è di ${limit}. Riduci i dati o il file e riprova.`,
  nullByteReason: 'contiene un carattere nullo, che non è ammesso.',
  /** A multipart part whose file name holds a NUL byte: the field named with this suffix. */
  fileNameOf: (field: string) => `${field} (nome del file)`,
  fileNotFound: (name: string) => `Il file «${name}» non esiste (o è stato rimosso).`,
  pathField: 'percorso',
  bodyField: 'richiesta',
}
