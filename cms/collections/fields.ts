import type { Field, NumberField, RelationshipField, TextField } from 'payload'
import { treeSchema } from '../../modules/content/index.ts'
import { zodValidate } from '../hooks/zodValidate.ts'

/** The natural code of a record: unique, indexed, required. */
export function codeField(type: 'number' | 'text', label = 'Codice'): Field {
  const base = { name: 'code', label, required: true, unique: true, index: true } as const
  if (type === 'number') {
    return { ...base, type: 'number', min: 1, admin: { step: 1 } } satisfies NumberField
  }
  return { ...base, type: 'text', maxLength: 64 } satisfies TextField
}

/** A required relationship to a parent record (a Postgres foreign key). */
export function parentField(
  name: string,
  relationTo: RelationshipField['relationTo'],
  label: string,
  required = true,
): Field {
  return {
    name,
    type: 'relationship',
    relationTo,
    label,
    required,
    index: true,
    hasMany: false,
  } as RelationshipField
}

/** A code copied from a related record by the `copyCodes` hook, indexed for fast queries by code. */
export function copiedCodeField(name: string, label: string, type: 'number' | 'text' = 'number'): Field {
  const admin = {
    readOnly: true,
    position: 'sidebar' as const,
    description: 'Compilato automaticamente dal record collegato.',
  }
  if (type === 'number') return { name, type: 'number', label, index: true, admin }
  return { name, type: 'text', label, index: true, admin }
}

/** The readable label (`code · name`) used in lists and relationship pickers. */
export const labelField: Field = {
  name: 'label',
  type: 'text',
  label: 'Etichetta',
  index: true,
  admin: { hidden: true },
}

/** A computed natural key of a composite record (unique). */
export function keyField(description: string): Field {
  return {
    name: 'key',
    type: 'text',
    label: 'Chiave',
    unique: true,
    index: true,
    admin: { readOnly: true, position: 'sidebar', description },
  }
}

/** Fingerprint of the imported source record; cleared when an editor changes the record. */
export const importHashField: Field = {
  name: 'importHash',
  type: 'text',
  label: 'Impronta importazione',
  admin: { hidden: true },
}

/** The admin editor of HTML and JSON fields, served without any CDN (cms/components/SourceField.tsx). */
export const sourceEditor = { Field: '/cms/components/SourceField.tsx#SourceField' }

/** An HTML body edited as code (imported HTML, sanitised on save). */
export function htmlField(name: string, label: string, required = false, description?: string): Field {
  return {
    name,
    type: 'code',
    label,
    required,
    admin: {
      language: 'html',
      components: sourceEditor,
      description:
        description ?? 'HTML; viene ripulito al salvataggio (restano tabelle, ancore e formattazione).',
    },
  }
}

/** An index tree (`[{ text, value, children }]`), validated with the content schema. */
export const navField: Field = {
  name: 'nav',
  type: 'json',
  label: 'Indice',
  validate: zodValidate(treeSchema),
  admin: {
    components: sourceEditor,
    description:
      'Albero di navigazione: [{ "text", "value" (ancora nel documento), "children" }]. I nodi con "/29999" non sono mostrati.',
  },
}
