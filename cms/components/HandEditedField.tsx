'use client'
import { FieldDescription, FieldLabel, useConfig, useDocumentInfo, useField } from '@payloadcms/ui'
import type { ClientField, JSONFieldClientProps } from 'payload'

type Labelled = { name?: string; label?: unknown; fields?: ClientField[]; tabs?: { fields: ClientField[] }[] }

const labelText = (label: unknown, fallback: string): string =>
  typeof label === 'string'
    ? label
    : label && typeof label === 'object' && 'it' in label
      ? String((label as { it: unknown }).it)
      : fallback

/** The fields a record shows at one level: named ones, with the contents of rows, collapsibles and tabs inlined. */
function namedFields(fields: readonly ClientField[]): Labelled[] {
  return fields.flatMap((field) => {
    const entry = field as Labelled
    if (entry.name) return [entry]
    if (entry.tabs) return entry.tabs.flatMap((tab) => namedFields(tab.fields))
    return entry.fields ? namedFields(entry.fields) : []
  })
}

/** The labels along a dotted path ('representativeness.confederations.ugl' → 'Rappresentatività › Confederazioni firmatarie › UGL'). */
function labelsOf(fields: readonly ClientField[], path: string): string {
  const labels: string[] = []
  let level = fields
  for (const part of path.split('.')) {
    const field = namedFields(level).find((entry) => entry.name === part)
    labels.push(labelText(field?.label, part))
    level = field?.fields ?? []
  }
  return labels.join(' › ')
}

/**
 * The record's hand corrections ('Corretti a mano') as the editor knows them:
 * each corrected field by its labels in the form, not its stored path.
 */
export function HandEditedField(props: JSONFieldClientProps) {
  const { field, path: pathFromProps } = props
  const { value } = useField<unknown>({ potentiallyStalePath: pathFromProps })
  const { collectionSlug } = useDocumentInfo()
  const { getEntityConfig } = useConfig()
  const fields = collectionSlug ? getEntityConfig({ collectionSlug }).fields : []
  const paths = Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string')
    : []
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <FieldLabel label={field.label} path={pathFromProps} />
      {paths.length === 0 ? (
        <p style={{ margin: '4px 0' }}>Nessun campo corretto a mano.</p>
      ) : (
        <ul data-testid="hand-edited" style={{ margin: '4px 0', paddingLeft: '1.25rem' }}>
          {paths.map((path) => (
            <li key={path}>{labelsOf(fields, path)}</li>
          ))}
        </ul>
      )}
      <FieldDescription description={field.admin?.description} path={pathFromProps} />
    </div>
  )
}
