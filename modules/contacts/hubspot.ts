/**
 * HubSpot adapter for the marketing contacts (used when HUBSPOT_TOKEN is set):
 * one call of the CRM v3 API, the batch upsert of contacts keyed by e-mail,
 * which creates the contact or updates the given properties.
 * https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/upsert-contacts
 */

export const HUBSPOT_API = 'https://api.hubapi.com'

/** The contact properties the portal writes (all HubSpot default properties). */
export type HubspotContact = {
  email: string
  firstName?: string | undefined
  lastName?: string | undefined
  /** The profession's Italian label, kept in HubSpot's `jobtitle`. */
  profession?: string | undefined
  phone?: string | undefined
  company?: string | undefined
}

export type HubspotUpsertResult = { id: string; created: boolean }

export class HubspotError extends Error {
  readonly status: number
  readonly category: string | undefined
  readonly correlationId: string | undefined

  constructor(status: number, message: string, details: { category?: string; correlationId?: string } = {}) {
    super(message)
    this.name = 'HubspotError'
    this.status = status
    this.category = details.category
    this.correlationId = details.correlationId
  }
}

export type HubspotClient = {
  /** Creates or updates the contact with this e-mail; only the given properties change. */
  upsertContact: (contact: HubspotContact) => Promise<HubspotUpsertResult>
  /** Permanently deletes the contact with this e-mail (HubSpot's GDPR deletion); false when HubSpot has none. */
  gdprDeleteContact: (email: string) => Promise<boolean>
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** The request body of a single-contact upsert: empty properties are left out, so they never clear a value. */
export function upsertBody(contact: HubspotContact) {
  const properties: Record<string, string> = { email: contact.email.trim().toLowerCase() }
  const optional: [string, string | undefined][] = [
    ['firstname', contact.firstName],
    ['lastname', contact.lastName],
    ['jobtitle', contact.profession],
    ['phone', contact.phone],
    ['company', contact.company],
  ]
  for (const [name, value] of optional) {
    const text = value?.trim()
    if (text) properties[name] = text
  }
  return { inputs: [{ idProperty: 'email', id: properties.email, properties }] }
}

type UpsertResponse = {
  status?: string
  results?: { id?: string; new?: boolean }[]
  errors?: { message?: string; category?: string }[]
}

type ErrorResponse = { message?: string; category?: string; correlationId?: string }

/** A client on HubSpot's REST API with a private-app token. */
export function createHubspotClient(options: {
  token: string
  fetch?: Fetch
  baseUrl?: string
}): HubspotClient {
  const send: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const baseUrl = (options.baseUrl ?? HUBSPOT_API).replace(/\/$/, '')
  return {
    async upsertContact(contact) {
      const response = await send(`${baseUrl}/crm/v3/objects/contacts/batch/upsert`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(upsertBody(contact)),
        signal: AbortSignal.timeout(10_000),
      })
      const text = await response.text()
      const body = (text ? JSON.parse(text) : {}) as UpsertResponse & ErrorResponse
      if (!response.ok) {
        throw new HubspotError(response.status, body.message ?? `HubSpot ha risposto ${response.status}`, {
          category: body.category,
          correlationId: body.correlationId,
        })
      }
      const failure = body.errors?.[0]
      const result = body.results?.[0]
      if (failure || !result?.id) {
        throw new HubspotError(response.status, failure?.message ?? 'HubSpot non ha restituito il contatto', {
          category: failure?.category,
        })
      }
      return { id: result.id, created: result.new === true }
    },
    async gdprDeleteContact(email) {
      const response = await send(`${baseUrl}/crm/v3/objects/contacts/gdpr-delete`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ idProperty: 'email', objectId: email.trim().toLowerCase() }),
        signal: AbortSignal.timeout(10_000),
      })
      if (response.status === 404) return false
      if (!response.ok) {
        const text = await response.text()
        const body = (text ? JSON.parse(text) : {}) as ErrorResponse
        throw new HubspotError(response.status, body.message ?? `HubSpot ha risposto ${response.status}`, {
          category: body.category,
          correlationId: body.correlationId,
        })
      }
      return true
    },
  }
}
