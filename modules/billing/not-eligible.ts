/**
 * A buyer whose profession is not sold online (§4) is told that a salesperson
 * will call: the request reaches sales as a mail to SALES_EMAIL and as the
 * marketing contact operators see in /admin (phone, company, plan, reason),
 * and the buyer gets the notice with the data entered.
 */
import { professionLabel, type SignedInUser } from '../accounts/index.ts'
import { recordContact } from '../contacts/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getEnv } from '../platform/index.ts'
import { loadCatalogue } from './catalogue-store.ts'
import { NOT_ELIGIBLE_PROFESSION } from './customers.ts'
import { notEligibleMail, salesRequestMail, type NotEligibleDetails } from './mails.ts'
import { inBillingTransaction } from './runtime.ts'

/** The plan the buyer chose, by its price (the checkout's). */
async function chosenPlan(priceId: string | undefined): Promise<string | undefined> {
  if (!priceId) return undefined
  const { items } = await loadCatalogue()
  const item = items.find((candidate) => candidate.price.id === priceId)
  if (!item) throw new AppError('not_found', it.billing.errors.priceNotFound, { field: 'priceId' })
  return item.product.name
}

/** Records the request for sales and mails both sides; `sent` says whether the buyer's notice is new today. */
export async function requestSalesCall(
  user: SignedInUser,
  input: NotEligibleDetails & { priceId?: string | undefined },
): Promise<{ sent: boolean }> {
  const { priceId, ...details } = input
  const plan = await chosenPlan(priceId)
  const reason = it.billing.mail.salesRequest.reason(professionLabel(NOT_ELIGIBLE_PROFESSION))
  const now = new Date()
  const day = now.toISOString().slice(0, 10)
  await recordContact({
    email: user.email,
    name: user.name,
    profession: NOT_ELIGIBLE_PROFESSION,
    product: plan,
    phone: details.telefono,
    company: details.ragioneSociale ?? details.nome,
    salesRequest: { reason, at: now },
    source: 'api',
  })
  return inBillingTransaction(async (client) => {
    const notice = await enqueueMail(
      client,
      notEligibleMail({ userId: user.id, email: user.email, name: user.name, details, day }),
    )
    await enqueueMail(
      client,
      salesRequestMail({
        to: getEnv().SALES_EMAIL,
        userId: user.id,
        email: user.email,
        name: user.name,
        plan,
        reason,
        details,
        day,
      }),
    )
    return { sent: notice.created }
  })
}
