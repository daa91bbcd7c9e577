/**
 * The HubSpot adapter against responses in the shapes of HubSpot's CRM v3
 * batch upsert (fixtures/hubspot): the request it sends and how it reads
 * success, multi-status errors, authentication errors and rate limits.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { HubspotError, createHubspotClient, upsertBody } from './hubspot.ts'

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/hubspot/${name}.json`, import.meta.url), 'utf8')

function recorder(status: number, body: string) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(body, { status, headers: { 'content-type': 'application/json' } })
  }
  return { calls, fetch }
}

describe('HubSpot contacts', () => {
  it('upserts by e-mail with the private-app token and the default contact properties', async () => {
    const { calls, fetch } = recorder(200, fixture('upsert-created'))
    const client = createHubspotClient({ token: 'pat-eu1-test', fetch })
    const result = await client.upsertContact({
      email: ' Maria.Verdi@Esempio.it ',
      firstName: 'Maria',
      lastName: 'Verdi',
      profession: 'Professionista',
    })
    expect(result).toEqual({ id: '151', created: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('https://api.hubapi.com/crm/v3/objects/contacts/batch/upsert')
    expect(calls[0]?.init.method).toBe('POST')
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer pat-eu1-test')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      inputs: [
        {
          idProperty: 'email',
          id: 'maria.verdi@esempio.it',
          properties: {
            email: 'maria.verdi@esempio.it',
            firstname: 'Maria',
            lastname: 'Verdi',
            jobtitle: 'Professionista',
          },
        },
      ],
    })
  })

  it('sends only the properties it has, so an update never clears the others', async () => {
    expect(
      upsertBody({ email: 'a@b.it', profession: 'Lavoratore', firstName: ' ' }).inputs[0]?.properties,
    ).toEqual({
      email: 'a@b.it',
      jobtitle: 'Lavoratore',
    })
    const { fetch } = recorder(200, fixture('upsert-updated'))
    const client = createHubspotClient({ token: 't', fetch })
    expect(await client.upsertContact({ email: 'maria.verdi@esempio.it', profession: 'Lavoratore' })).toEqual(
      {
        id: '151',
        created: false,
      },
    )
  })

  it('reports an invalid token with HubSpot status, category and correlation id', async () => {
    const { fetch } = recorder(401, fixture('unauthorized'))
    const client = createHubspotClient({ token: 'scaduto', fetch })
    const error = await client.upsertContact({ email: 'a@b.it' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HubspotError)
    expect(error).toMatchObject({
      status: 401,
      category: 'INVALID_AUTHENTICATION',
      correlationId: 'c2a6b3e0-7c1e-4f5b-9a2f-2f1d6c1e8b11',
    })
  })

  it('reports HubSpot rate limits', async () => {
    const { fetch } = recorder(429, fixture('rate-limited'))
    const error = await createHubspotClient({ token: 't', fetch })
      .upsertContact({ email: 'a@b.it' })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 429, category: 'RATE_LIMITS' })
  })

  it('reports a contact refused inside a completed batch', async () => {
    const { fetch } = recorder(207, fixture('multi-status-error'))
    const error = await createHubspotClient({ token: 't', fetch })
      .upsertContact({ email: 'maria.verdi@@esempio.it' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HubspotError)
    expect(error).toMatchObject({ category: 'VALIDATION_ERROR' })
    expect((error as Error).message).toContain('Property values were not valid')
  })
})

describe('HubSpot GDPR deletion', () => {
  it('deletes the contact by e-mail (204), and answers false when HubSpot has none (404)', async () => {
    const calls: { url: string; init: RequestInit }[] = []
    const statuses = [204, 404]
    const fetch = async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      const status = statuses.shift() ?? 500
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify({ message: 'Not found', category: 'OBJECT_NOT_FOUND' }), { status })
    }
    const client = createHubspotClient({ token: 'pat-eu1-test', fetch })
    expect(await client.gdprDeleteContact(' Maria.Verdi@Esempio.it ')).toBe(true)
    expect(calls[0]?.url).toBe('https://api.hubapi.com/crm/v3/objects/contacts/gdpr-delete')
    expect(new Headers(calls[0]?.init.headers).get('authorization')).toBe('Bearer pat-eu1-test')
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      idProperty: 'email',
      objectId: 'maria.verdi@esempio.it',
    })
    expect(await client.gdprDeleteContact('nessuno@esempio.it')).toBe(false)
  })

  it('fails on any other refusal, so the deletion is retried rather than left half done', async () => {
    const fetch = async () =>
      new Response(
        JSON.stringify({
          message: 'Authentication credentials not found',
          category: 'INVALID_AUTHENTICATION',
        }),
        {
          status: 401,
        },
      )
    const client = createHubspotClient({ token: 'sbagliato', fetch })
    const error = await client.gdprDeleteContact('a@b.it').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HubspotError)
    expect(error).toMatchObject({ status: 401, category: 'INVALID_AUTHENTICATION' })
  })
})
