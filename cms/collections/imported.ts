import type { CollectionBeforeChangeHook, CollectionConfig, Field } from 'payload'
import { clearImportHash } from '../hooks/clearImportHash.ts'
import { copyCodes } from '../hooks/copyCodes.ts'
import { recordHandEdits, RESTORE_IMPORTED_FIELD } from '../hooks/recordHandEdits.ts'
import { preventReferencedDelete } from '../hooks/preventReferencedDelete.ts'
import { sanitizeHtmlFields } from '../hooks/sanitizeHtmlFields.ts'
import { setDerivedFields } from '../hooks/setDerivedFields.ts'
import { databaseAccess } from './access.ts'
import { importHashField } from './fields.ts'

type CodeCopy = Parameters<typeof copyCodes>[0][number]

/** The codes a record copies from its category. */
export const categoryCodes: CodeCopy = {
  relation: 'category',
  collection: 'categories',
  fields: { categoryCode: 'code', contractCode: 'contractCode' },
}

/** The codes a record copies from its contract (with the contract's sector). */
export const contractCodes: CodeCopy = {
  relation: 'contract',
  collection: 'contracts',
  fields: { contractCode: 'code', sectorCode: 'sectorCode' },
}

/** The province's sigla, copied from the related province. */
export const provinceCodes: CodeCopy = {
  relation: 'province',
  collection: 'provinces',
  fields: { provinceCode: 'code' },
}

/** The company's code, copied from the related company. */
export const companyCodes: CodeCopy = {
  relation: 'company',
  collection: 'companies',
  fields: { companyCode: 'code' },
}

/** The checkbox that hands the corrected fields back to the import (not stored). */
const restoreImportedField: Field = {
  name: RESTORE_IMPORTED_FIELD,
  type: 'checkbox',
  label: 'Ripristina i dati importati',
  virtual: true,
  admin: {
    // Payload shows a virtual field read-only unless told otherwise.
    readOnly: false,
    position: 'sidebar',
    description:
      "Spuntare e salvare: i campi corretti a mano tornano all'importazione, che alla prossima esecuzione li riporta ai valori della fonte.",
  },
}

/** What an imported collection adds to Payload's own config. */
export type ImportedCollectionConfig = Omit<CollectionConfig, 'access'> & {
  /** Checks run on save after the import fingerprint is cleared. */
  checks?: CollectionBeforeChangeHook[]
  /** HTML fields sanitised on save. */
  html?: readonly string[]
  /** Codes copied from related records on save. */
  copies?: readonly CodeCopy[]
  /** Fields computed from the record on save (labels, natural keys). */
  derive?: Parameters<typeof setDerivedFields>[0]
  /** Records that point at this one and forbid its deletion. */
  referencedBy?: Parameters<typeof preventReferencedDelete>[0]
  /**
   * The fields (dotted paths inside groups) editors correct by hand: a change
   * is recorded in the collection's `handEdited` field (which it must declare)
   * and the next import keeps it; 'Ripristina i dati importati' hands them back.
   */
  correctable?: readonly string[]
}

/**
 * A collection fed by the import: editors read and change it, admins delete
 * it; an editor's change clears the record's import fingerprint (its last
 * field), or, with `correctable`, records the corrected fields, then the checks, HTML sanitising, copied codes and derived fields
 * run in that order.
 */
export function importedCollection({
  checks = [],
  html,
  copies,
  derive,
  referencedBy,
  correctable,
  hooks = {},
  fields,
  ...config
}: ImportedCollectionConfig): CollectionConfig {
  return {
    ...config,
    access: databaseAccess,
    hooks: {
      ...hooks,
      ...(referencedBy ? { beforeDelete: [preventReferencedDelete(referencedBy)] } : {}),
      beforeChange: [
        correctable ? recordHandEdits(correctable) : clearImportHash,
        ...checks,
        ...(html ? [sanitizeHtmlFields(html)] : []),
        ...(copies ? [copyCodes(copies)] : []),
        ...(derive ? [setDerivedFields(derive)] : []),
      ],
    },
    fields: [...fields, ...(correctable ? [restoreImportedField] : []), importHashField],
  }
}
