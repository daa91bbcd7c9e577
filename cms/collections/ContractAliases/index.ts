import { APIError, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'
import { aliasKey } from '../../../modules/content/index.ts'
import { searchHooks } from '../../../modules/search/index.ts'
import { isEditor } from '../../access/isEditor.ts'
import { invalidateReadCache } from '../../hooks/invalidateReadCache.ts'
import { copiedCodeField, keyField } from '../fields.ts'
import { importedCollection } from '../imported.ts'

/** A name needs a contract to point at: a CNEL code or a contract of the database. */
const checkTarget: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const merged = { ...(originalDoc as Record<string, unknown> | undefined), ...data }
  const cnelCode = typeof merged.cnelCode === 'string' ? merged.cnelCode.trim().toUpperCase() : ''
  data.cnelCode = cnelCode === '' ? null : cnelCode
  if (data.cnelCode && !/^[A-Z0-9]{1,12}$/.test(data.cnelCode as string))
    throw new APIError(
      'Codice CNEL non valido: lettere e cifre, al massimo 12 (es. H011).',
      400,
      undefined,
      true,
    )
  if (!data.cnelCode && !merged.contract)
    throw new APIError(
      'Indicare il codice CNEL oppure scegliere il contratto a cui il nome comune rimanda.',
      400,
      undefined,
      true,
    )
  if (typeof merged.name === 'string') data.name = merged.name.replace(/\s+/g, ' ').trim()
  return data
}

/**
 * Everyday names of contracts ('commercio', 'colf', 'metalmeccanici'): the
 * contract search finds a contract by them as by its title, and corrects
 * their misspellings. A name points at a contract by CNEL code (so it applies
 * to contracts imported from the CNEL list, even later) or by relation.
 */
export const ContractAliases: CollectionConfig = {
  ...importedCollection({
    slug: 'contract-aliases',
    labels: { singular: 'Nome comune', plural: 'Nomi comuni' },
    admin: {
      group: 'Banca dati',
      useAsTitle: 'name',
      defaultColumns: ['name', 'cnelCode', 'contract', 'updatedAt'],
      listSearchableFields: ['name', 'cnelCode'],
      description:
        'I nomi con cui le persone cercano i contratti («commercio», «colf», «metalmeccanici»): la ricerca li trova come il titolo del contratto a cui rimandano.',
    },
    defaultSort: 'name',
    hooks: {
      afterChange: [searchHooks.aliases.afterChange, invalidateReadCache],
      afterDelete: [searchHooks.aliases.afterDelete, invalidateReadCache],
    },
    checks: [checkTarget],
    copies: [{ relation: 'contract', collection: 'contracts', fields: { contractCode: 'code' } }],
    derive: (record) => ({
      key: aliasKey(String(record.name ?? ''), {
        cnelCode: typeof record.cnelCode === 'string' ? record.cnelCode : null,
        contractCode: typeof record.contractCode === 'number' ? record.contractCode : null,
      }),
    }),
    fields: [
      {
        name: 'name',
        type: 'text',
        label: 'Nome comune',
        required: true,
        minLength: 2,
        maxLength: 200,
        admin: { description: 'Come lo scrive chi cerca, per esempio «commercio» o «badanti».' },
      },
      {
        type: 'row',
        fields: [
          {
            name: 'cnelCode',
            type: 'text',
            label: 'Codice CNEL',
            index: true,
            admin: {
              width: '50%',
              description: 'Il contratto con questo codice CNEL (anche se importato più tardi).',
            },
          },
          {
            name: 'contract',
            type: 'relationship',
            relationTo: 'contracts',
            label: 'Contratto',
            index: true,
            admin: { width: '50%', description: 'In alternativa al codice CNEL.' },
          },
        ],
      },
      copiedCodeField('contractCode', 'Codice contratto'),
      keyField('Nome e contratto a cui rimanda.'),
    ],
  }),
  // Editors manage the names, deletion included.
  access: { read: isEditor, create: isEditor, update: isEditor, delete: isEditor },
}
