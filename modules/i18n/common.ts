/** Words shared by many screens: loading, close, cancel, save, confirm. */
export const common = {
  loading: 'Caricamento...',
  close: 'Chiudi',
  cancel: 'Annulla',
  save: 'Salva',
  confirm: 'Conferma',
}
