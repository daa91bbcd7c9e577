/**
 * The committed demo videos (recorded by `npm run demo:videos`): every video of
 * the list has its four files, an H.264 MP4 of 15–40 s under 1.5 MB, a JPEG
 * poster, WebVTT captions the site accepts and the transcript; all together
 * under 8 MB.
 */
import { readdir, stat } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { webVttProblem } from '../../modules/site-content/index.ts'
import { demoVideoDir, demoVideoFiles, demoVideos } from './videos.ts'

const MB = 1024 * 1024

/** The end of the last cue, in seconds. */
function lastCueEnd(vtt: string): number {
  const ends = [...vtt.matchAll(/--> (\d{2}):(\d{2}):(\d{2}\.\d{3})/g)].map(
    ([, h, m, s]) => Number(h) * 3600 + Number(m) * 60 + Number(s),
  )
  return Math.max(...ends)
}

describe('the committed demo videos', () => {
  it.each(demoVideos.map((video) => [video.name, video] as const))(
    '%s is complete and small',
    async (_, video) => {
      const files = await demoVideoFiles(video)
      if (!files) throw new Error(`Mancano i file di ${video.name}: npm run demo:videos ${video.name}`)
      const mp4 = files.video.data
      expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp')
      expect(mp4.includes(Buffer.from('avc1'))).toBe(true)
      // Streamable: the index (moov) comes before the data (mdat).
      expect(mp4.indexOf(Buffer.from('moov'))).toBeLessThan(mp4.indexOf(Buffer.from('mdat')))
      expect(mp4.length).toBeLessThan(1.5 * MB)
      expect(files.poster.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
      expect(webVttProblem(files.captions.name, files.captions.data)).toBeNull()
      const seconds = lastCueEnd(files.captions.data.toString('utf8'))
      expect(seconds).toBeGreaterThanOrEqual(15)
      expect(seconds).toBeLessThanOrEqual(40)
      expect(files.transcript.startsWith(`${video.title}\n\n`)).toBe(true)
    },
  )

  it('holds only the listed videos, under 8 MB together', async () => {
    const names = await readdir(demoVideoDir)
    const listed = demoVideos.flatMap((video) =>
      ['mp4', 'jpg', 'vtt', 'txt'].map((ext) => `${video.name}.${ext}`),
    )
    expect(names.sort()).toEqual(listed.sort())
    const sizes = await Promise.all(names.map(async (name) => (await stat(new URL(name, demoVideoDir))).size))
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(8 * MB)
  })
})
