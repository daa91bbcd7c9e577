/**
 * Completes Payload's Italian translations for the admin. Payload puts a
 * collection's label into fixed sentences ('Creazione di un nuovo {{label}}'),
 * which cannot agree with the label's gender ('Notizia', 'Tabella
 * retributiva', 'Contratto'): each such sentence is rewritten so that it reads
 * right with a label of either gender and number ('Nuovo documento: Notizia',
 * 'Creazione riuscita: Notizia'). The few words Payload leaves in English
 * (log-out, dashboard…) are translated here too.
 */
export const italianAdminTranslations = {
  authentication: {
    login: 'Accedi',
    logOut: 'Esci',
    logout: 'Esci',
  },
  fields: {
    addNewLabel: 'Aggiungi: {{label}}',
    newLabel: 'Aggiungi: {{label}}',
    uploadNewLabel: 'Carica: {{label}}',
    selectExistingLabel: 'Scegli tra i documenti esistenti: {{label}}',
  },
  general: {
    dashboard: 'Bacheca',
    layout: 'Impaginazione',
    locale: 'Lingua',
    noLabel: '<Nessun valore: {{label}}>',
    createNewLabel: 'Crea: {{label}}',
    creatingNewLabel: 'Nuovo documento: {{label}}',
    newLabel: 'Crea: {{label}}',
    successfullyCreated: 'Creazione riuscita: {{label}}.',
    successfullyDuplicated: 'Duplicazione riuscita: {{label}}.',
    deletedCountSuccessfully: 'Eliminazione riuscita: {{count}} {{label}}.',
    permanentlyDeletedCountSuccessfully: 'Eliminazione definitiva riuscita: {{count}} {{label}}.',
    restoredCountSuccessfully: 'Ripristino riuscito: {{count}} {{label}}.',
    trashedCountSuccessfully: 'Spostamento nel cestino riuscito: {{count}} {{label}}.',
    titleDeleted: 'Eliminazione riuscita: {{label}} «{{title}}».',
    titleRestored: 'Ripristino riuscito: {{label}} «{{title}}».',
    titleTrashed: 'Spostamento nel cestino riuscito: {{label}} «{{title}}».',
    aboutToPermanentlyDelete:
      'Stai per eliminare definitivamente questo documento ({{label}}): <1>{{title}}</1>. Confermi?',
    aboutToRestore: 'Stai per ripristinare questo documento ({{label}}): <1>{{title}}</1>. Confermi?',
    aboutToRestoreAsDraft:
      'Stai per ripristinare come bozza questo documento ({{label}}): <1>{{title}}</1>. Confermi?',
    aboutToTrash: 'Stai per spostare nel cestino questo documento ({{label}}): <1>{{title}}</1>. Confermi?',
    documentIsTrashed: 'Questo documento ({{label}}) è nel cestino ed è in sola lettura.',
    noResults:
      'Nessun risultato ({{label}}): non ci sono ancora documenti, oppure nessuno corrisponde ai filtri indicati sopra.',
    noTrashResults: 'Il cestino è vuoto ({{label}}).',
    selectedCount: 'Selezionati: {{count}} ({{label}})',
    showAllLabel: 'Mostra tutto: {{label}}',
  },
  validation: {
    fieldHasNo: 'Questo campo non ha valori: {{label}}',
  },
  version: {
    noRowsFound: 'Nessun risultato ({{label}})',
  },
}
