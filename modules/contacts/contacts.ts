/**
 * Marketing contacts: the `contacts` collection of the CMS (visible to
 * administrators in /admin) and, when HUBSPOT_TOKEN is set, the same contact
 * in HubSpot. A HubSpot failure is logged and never fails the caller.
 */
import type { Payload } from 'payload'
import { getEnv, getLogger } from '../platform/index.ts'
import { createHubspotClient, type HubspotClient } from './hubspot.ts'
import { professionLabel, type Profession } from '../accounts/index.ts'

export type ContactSource = 'trial-signup' | 'purchase-signup' | 'social-signup' | 'api'

export type ContactInput = {
  email: string
  firstName?: string | undefined
  lastName?: string | undefined
  /** Full name, when first and last name are not given apart. */
  name?: string | undefined
  profession?: Profession | null | undefined
  /** The product of interest (a plan, 'Prova gratuita'). */
  product?: string | undefined
  phone?: string | undefined
  /** Company or business name. */
  company?: string | undefined
  /** A request for a salesperson to call (e.g. a buyer not sold online), with its reason. */
  salesRequest?: { reason: string; at: Date } | undefined
  source: ContactSource
}

async function cms(): Promise<Payload> {
  const { getCms } = await import('../cms/index.ts')
  return getCms()
}

let hubspotOverride: HubspotClient | null | undefined

/** Replaces the HubSpot client (tests); null turns HubSpot off, undefined restores the configured one. */
export function setHubspotClient(client: HubspotClient | null | undefined): void {
  hubspotOverride = client
}

function hubspot(): HubspotClient | null {
  if (hubspotOverride !== undefined) return hubspotOverride
  const token = getEnv().HUBSPOT_TOKEN
  return token ? createHubspotClient({ token }) : null
}

function fullName(input: ContactInput): string | undefined {
  const joined = [input.firstName, input.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return joined || input.name?.trim() || undefined
}

function isUniqueViolation(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause)}` : ''
  return /unique|duplicate|già in uso|already/i.test(text)
}

/**
 * Creates the contact or updates it (the given fields only: a later call
 * without a profession keeps the one recorded before). Returns the record id.
 */
export async function recordContact(input: ContactInput): Promise<number> {
  const payload = await cms()
  const email = input.email.trim().toLowerCase()
  const data = {
    ...(fullName(input) ? { name: fullName(input) } : {}),
    ...(input.profession ? { profession: professionLabel(input.profession) } : {}),
    ...(input.product?.trim() ? { product: input.product.trim() } : {}),
    ...(input.phone?.trim() ? { phone: input.phone.trim() } : {}),
    ...(input.company?.trim() ? { company: input.company.trim() } : {}),
    ...(input.salesRequest
      ? { salesRequestedAt: input.salesRequest.at.toISOString(), salesReason: input.salesRequest.reason }
      : {}),
  }

  const write = async (): Promise<number> => {
    const existing = await payload.find({
      collection: 'contacts',
      where: { email: { equals: email } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    })
    const found = existing.docs[0]
    if (found) {
      if (Object.keys(data).length > 0) {
        await payload.update({ collection: 'contacts', id: found.id, data, depth: 0, overrideAccess: true })
      }
      return found.id
    }
    const created = await payload.create({
      collection: 'contacts',
      data: { email, source: input.source, ...data },
      depth: 0,
      overrideAccess: true,
    })
    return created.id
  }

  let id: number
  try {
    id = await write()
  } catch (error) {
    // Two requests for the same new e-mail: the second finds the first's record.
    if (!isUniqueViolation(error)) throw error
    id = await write()
  }

  const client = hubspot()
  if (client) {
    try {
      const result = await client.upsertContact({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        profession: input.profession ? professionLabel(input.profession) : undefined,
        phone: input.phone,
        company: input.company,
      })
      await payload.update({
        collection: 'contacts',
        id,
        data: { hubspotId: result.id },
        depth: 0,
        overrideAccess: true,
      })
    } catch (error) {
      getLogger().warn(
        { err: error, contactId: id },
        'Contatto non inviato a HubSpot: resta nei contatti del portale',
      )
    }
  }
  return id
}

/** The recorded contact with this e-mail (administration, tests). */
export async function findContact(email: string) {
  const payload = await cms()
  const result = await payload.find({
    collection: 'contacts',
    where: { email: { equals: email.trim().toLowerCase() } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return result.docs[0] ?? null
}

/**
 * Deleting an account: the marketing contact with its address is deleted
 * from the portal's contacts and, when HubSpot is on, from HubSpot (its GDPR
 * deletion). A HubSpot failure fails the call: the deletion is retried, never
 * left half done. Returns whether a portal contact existed.
 */
export async function eraseContact(email: string): Promise<boolean> {
  const payload = await cms()
  const address = email.trim().toLowerCase()
  const result = await payload.delete({
    collection: 'contacts',
    where: { email: { equals: address } },
    depth: 0,
    overrideAccess: true,
  })
  if (result.errors.length > 0) {
    throw new Error(`Contatto non cancellato: ${result.errors.map((error) => error.message).join('; ')}`)
  }
  const client = hubspot()
  if (client) await client.gdprDeleteContact(address)
  return result.docs.length > 0
}
