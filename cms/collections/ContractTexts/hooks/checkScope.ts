import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

type Issue = { path: string; message: string }

const idOf = (value: unknown) =>
  value && typeof value === 'object' && 'id' in value
    ? (value as { id: number }).id
    : (value as number | null | undefined)

/**
 * A national text has an edition and no territory; a territorial text has a
 * region or province; a company text has a company. A contract has one
 * consolidated national text at most.
 */
export const checkScope: CollectionBeforeChangeHook = async ({ data, originalDoc, req, collection }) => {
  const record = { ...(originalDoc as Record<string, unknown> | undefined), ...data }
  const issues: Issue[] = []
  const scope = record.scope
  const has = (field: string) => record[field] !== null && record[field] !== undefined && record[field] !== ''
  if (scope === 'national') {
    if (!has('edition'))
      issues.push({ path: 'edition', message: 'Indica se il testo è consolidato o di archivio.' })
    if (has('region') || has('province') || has('company')) {
      issues.push({ path: 'scope', message: 'Un testo nazionale non ha regione, provincia o azienda.' })
    }
  } else if (scope === 'territorial') {
    if (!has('region') && !has('province'))
      issues.push({ path: 'region', message: 'Indica la regione o la provincia.' })
    if (has('company')) issues.push({ path: 'company', message: 'Un testo territoriale non ha azienda.' })
  } else if (scope === 'company' && !has('company')) {
    issues.push({ path: 'company', message: "Indica l'azienda." })
  }
  if (scope !== 'national') data.edition = null

  if (issues.length === 0 && scope === 'national' && record.edition === 'consolidated') {
    const others = await req.payload.find({
      collection: 'contract-texts',
      where: {
        and: [
          { contract: { equals: idOf(record.contract) } },
          { scope: { equals: 'national' } },
          { edition: { equals: 'consolidated' } },
          ...(originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : []),
        ],
      },
      limit: 1,
      depth: 0,
      req,
      overrideAccess: true,
    })
    if (others.docs.length > 0) {
      issues.push({
        path: 'edition',
        message: `Il contratto ha già un testo consolidato (codice ${String(others.docs[0]?.code)}): spostalo in archivio prima.`,
      })
    }
  }
  if (issues.length > 0) throw new ValidationError({ collection: collection.slug, errors: issues, req })
  return data
}
