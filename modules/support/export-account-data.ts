/** The help-centre reports one subscriber sent, for the data export (collection `support-reports`). */
import { reportTypeLabels, type ReportType } from './types.ts'

export type SupportDataExport = { segnalazioni: Record<string, unknown>[] }

/** Every report sent from this account, oldest first. */
export async function exportAccountData(options: { userId: string }): Promise<SupportDataExport> {
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  const found = await payload.find({
    collection: 'support-reports',
    where: { userId: { equals: options.userId } },
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return {
    segnalazioni: found.docs.map((doc) => ({
      id: doc.id,
      tipo: reportTypeLabels[doc.type as ReportType] ?? doc.type,
      testo: doc.body,
      nome: doc.name,
      email: doc.email,
      stato: doc.status,
      creata: doc.createdAt,
    })),
  }
}
