/** The inputs of an account's deletion (the profile's form and the operators'). */
import { z } from 'zod'
import { it } from '../i18n/index.ts'

const t = it.erasure

/** When the running subscription ends. */
export const subscriptionEndSchema = z.enum(['period_end', 'now'], { message: t.subscriptionEndRequired })

/** POST /api/v1/user/elimina-account: the password, or the mailed code for an account without one. */
export const deleteOwnAccountSchema = z.object({
  password: z.string().max(200).optional(),
  code: z.string().trim().max(12).optional(),
  subscriptionEnd: subscriptionEndSchema.default('period_end'),
  confirm: z.literal(true, { message: t.confirmRequired }),
})
export type DeleteOwnAccountInput = z.input<typeof deleteOwnAccountSchema>

/** The operators' form in /admin/abbonati. */
export const operatorDeletionSchema = z.object({
  reason: z
    .string({ message: t.operators.reasonRequired })
    .trim()
    .min(3, t.operators.reasonRequired)
    .max(2000),
  subscriptionEnd: subscriptionEndSchema.default('period_end'),
})
export type OperatorDeletionInput = z.input<typeof operatorDeletionSchema>
