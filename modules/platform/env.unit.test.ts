import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.ts'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'env-test-'))

describe('parseEnv', () => {
  it('applies the defaults of an embedded installation', () => {
    const env = parseEnv({ DATA_DIR: dataDir() })
    expect(env.PORT).toBe(4321)
    expect(env.embedded).toBe(true)
    expect(env.embeddedPgPort).toBe(14321)
    expect(env.databaseUrl).toMatch(/^postgres:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:14321\/bancadati$/)
    expect(env.payloadSecret).toHaveLength(64)
    expect(env.publicUrl).toBe('http://localhost:4321')
  })

  it('keeps the embedded secrets stable across reads of the same data directory', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).payloadSecret).toBe(parseEnv({ DATA_DIR: dir }).payloadSecret)
  })

  it('uses an external database and asks for its secret', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://app:pw@db:5432/portal',
      PAYLOAD_SECRET: 'x'.repeat(40),
    })
    expect(env.embedded).toBe(false)
    expect(env.databaseUrl).toBe('postgres://app:pw@db:5432/portal')
  })

  it('names every bad key in one message', () => {
    let error: unknown
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    const message = (error as EnvError).message
    expect(message).toMatch(/^Configurazione non valida:/)
    expect(message).toContain('PORT')
    expect(message).toContain('DATABASE_URL')
    expect(message).toContain('LOG_LEVEL')
    expect((error as EnvError).issues.map((issue) => issue.key).sort()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
    ])
  })

  it('requires the secret and the paired keys of external services', () => {
    expect(() =>
      parseEnv({
        DATABASE_URL: 'postgres://a@b/c',
        STRIPE_SECRET_KEY: 'sk_live_x',
        TYPESENSE_URL: 'http://ts:8108',
      }),
    ).toThrowError(/PAYLOAD_SECRET.*STRIPE_WEBHOOK_SECRET.*TYPESENSE_API_KEY/)
  })

  it('asks for both halves of a social sign-in client and checks the endpoint addresses', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id' })).toThrowError(
      /GOOGLE_CLIENT_SECRET \(obbligatorio quando GOOGLE_CLIENT_ID è impostato\)/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), FACEBOOK_CLIENT_SECRET: 'secret' })).toThrowError(
      /FACEBOOK_CLIENT_ID/,
    )
    expect(() => parseEnv({ DATA_DIR: dataDir(), GOOGLE_DISCOVERY_URL: 'ftp://x' })).toThrowError(
      /GOOGLE_DISCOVERY_URL/,
    )
    const env = parseEnv({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      FACEBOOK_CLIENT_ID: '',
    })
    expect(env.GOOGLE_CLIENT_ID).toBe('id')
    expect(env.FACEBOOK_CLIENT_ID).toBeUndefined()
    expect(env.GOOGLE_DISCOVERY_URL).toBeUndefined()
  })

  it('asks for the region of an S3 bucket and for both halves of its key pair', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'media' })).toThrowError(
      /S3_REGION \(obbligatorio quando S3_BUCKET è impostato\)/,
    )
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'media', S3_REGION: 'eu-south-1', S3_ACCESS_KEY_ID: 'id' }),
    ).toThrowError(/S3_SECRET_ACCESS_KEY \(obbligatorio quando S3_ACCESS_KEY_ID è impostato\)/)
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_ENDPOINT: 'minio:9000' })).toThrowError(/S3_ENDPOINT/)
    const env = parseEnv({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(env.S3_FORCE_PATH_STYLE).toBe(true)
    expect(env.S3_ACCESS_KEY_ID).toBeUndefined()
  })
})
