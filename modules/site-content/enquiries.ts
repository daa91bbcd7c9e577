/**
 * Information requests of the product pages and Enterprise requests: the
 * sender becomes a marketing contact (modules/accounts) and the request is
 * mailed to the sales address through the outbox.
 */
import { recordContact } from '../contacts/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { getEnv } from '../platform/index.ts'
import { enquiryLimit, hitLimit, sitePool } from './limits.ts'
import type { EnterpriseEnquiry, ProductEnquiry } from './schemas.ts'

const t = it.publicSite.enquiryMail

export type Enquiry = ({ kind: 'product' } & ProductEnquiry) | ({ kind: 'enterprise' } & EnterpriseEnquiry)

/** The product of interest recorded on the contact. */
export function enquiryProduct(enquiry: Enquiry): string {
  return enquiry.kind === 'enterprise' ? 'Enterprise' : it.publicSite.productNames[enquiry.product]
}

function details(enquiry: Enquiry): { label: string; value: string }[] {
  const rows: [string, string | number | undefined][] =
    enquiry.kind === 'enterprise'
      ? [
          [t.company, enquiry.azienda],
          [t.name, enquiry.nome],
          [t.email, enquiry.email],
          [t.phone, enquiry.telefono],
          [t.seats, enquiry.postazioni],
          [t.message, enquiry.messaggio],
        ]
      : [
          [t.product, enquiryProduct(enquiry)],
          [t.name, enquiry.nome],
          [t.email, enquiry.email],
          [t.phone, enquiry.telefono],
          [t.company, enquiry.azienda],
          [t.message, enquiry.messaggio],
        ]
  return rows
    .filter(([, value]) => value !== undefined && String(value).trim() !== '')
    .map(([label, value]) => ({ label, value: String(value) }))
}

/**
 * Records the request: rate limit per address (429 beyond it), the marketing
 * contact, then the mail to the sales address.
 */
export async function submitEnquiry(enquiry: Enquiry, options: { clientIp: string }): Promise<void> {
  await hitLimit(enquiryLimit, options.clientIp, it.publicSite.forms.tooManyRequests)
  const product = enquiryProduct(enquiry)
  await recordContact({ email: enquiry.email, name: enquiry.nome, product, source: 'api' })
  const subject =
    enquiry.kind === 'enterprise' ? t.enterpriseSubject(enquiry.azienda) : t.productSubject(product)
  await enqueueMail(await sitePool(), {
    to: getEnv().SALES_EMAIL,
    template: 'notice',
    data: {
      subject,
      title: subject,
      paragraphs: [enquiry.kind === 'enterprise' ? t.enterpriseIntro : t.productIntro(product)],
      details: details(enquiry),
      closing: [t.replyTo(enquiry.email)],
    },
  })
}
