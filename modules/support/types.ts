/** The request types of a support report (tipoRichiesta), the first being the default. */
export const reportTypes = [
  'assistenza_tecnica',
  'assistenza_amministrativa',
  'suggerimenti',
  'altro',
] as const
export type ReportType = (typeof reportTypes)[number]

/** Italian names of the request types. */
export const reportTypeLabels: Record<ReportType, string> = {
  assistenza_tecnica: 'Assistenza tecnica',
  assistenza_amministrativa: 'Assistenza amministrativa',
  suggerimenti: 'Suggerimenti',
  altro: 'Altro',
}
