import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AppError } from '../platform/index.ts'
import { PICTURE_MAX_BYTES, encodePicture } from './picture.ts'

async function image(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 800,
  height = 500,
): Promise<Uint8Array> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
  return new Uint8Array(await base.toFormat(format).toBuffer())
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('nessun errore')
}

describe('encodePicture', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('re-encodes a %s as a 256x256 WebP', async (format) => {
    const output = await encodePicture({ name: `foto.${format}`, bytes: await image(format) })
    const metadata = await sharp(output).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 })
  })

  it('refuses another image format with a 400 naming the file', async () => {
    const error = await failure(encodePicture({ name: 'animazione.gif', bytes: await image('gif') }))
    expect(error.status).toBe(400)
    expect(error.field).toBe('file')
    expect(error.message).toBe('Il file «animazione.gif» non è un’immagine JPEG, PNG o WebP.')
  })

  it('refuses a file that is not an image, whatever its name says', async () => {
    const error = await failure(
      encodePicture({ name: 'C:\\foto\\ritratto.png', bytes: new TextEncoder().encode('ciao') }),
    )
    expect(error.message).toBe('Il file «ritratto.png» non è un’immagine JPEG, PNG o WebP.')
  })

  it('refuses a file over 5 MB before decoding it', async () => {
    const error = await failure(
      encodePicture({ name: 'grande.jpg', bytes: new Uint8Array(PICTURE_MAX_BYTES + 1) }),
    )
    expect(error.status).toBe(400)
    expect(error.message).toBe('Il file «grande.jpg» supera la dimensione massima di 5 MB.')
  })
})
