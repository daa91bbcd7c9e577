/** Deleting an account: the one use case that asks every module to erase its own data, and the erasure log. */

/** The deletion: by the holder (password or mailed code) or by an operator (reason recorded). */
export {
  deleteAccount,
  deleteOwnAccount,
  deleteAccountByOperator,
  type AccountDeletion,
  type Requester,
} from './delete-account.ts'
/** The profile form's facts (confirmation method, running subscription) and the code's mail. */
export { deletionOptions, requestDeletionCode, type DeletionOptions } from './deletion-options.ts'
/** Input schemas of the holder's and the operators' deletion. */
export {
  deleteOwnAccountSchema,
  operatorDeletionSchema,
  subscriptionEndSchema,
  type DeleteOwnAccountInput,
  type OperatorDeletionInput,
} from './schemas.ts'
/** The operators' reading of the erasure log. */
export { recentErasures, type ErasureLogEntry } from './erasure-log.ts'
/** The SQL of `erasure_log`, applied by the migration `20261127_040000_account_erasure`. */
export { erasureSchemaV1 } from './sql.ts'
