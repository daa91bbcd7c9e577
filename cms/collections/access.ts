import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin.ts'
import { isEditor } from '../access/isEditor.ts'

/** Database records: editors read, create and change them; only admins delete them. */
export const databaseAccess: CollectionConfig['access'] = {
  read: isEditor,
  create: isEditor,
  update: isEditor,
  delete: isAdmin,
}
