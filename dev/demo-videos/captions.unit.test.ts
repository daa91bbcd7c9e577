/** The recorded videos' captions and transcript, from the steps' times. */
import { describe, expect, it } from 'vitest'
import { webVttProblem } from '../../modules/site-content/index.ts'
import { transcript, vttTimestamp, webVtt } from './captions.ts'

describe('captions of a recorded demo video', () => {
  it('writes WebVTT timestamps with hours and milliseconds', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000')
    expect(vttTimestamp(61.2345)).toBe('00:01:01.235')
    expect(vttTimestamp(3723.5)).toBe('01:02:03.500')
  })

  it('gives each step a cue until the next step begins, the last until the end of the video', () => {
    const vtt = webVtt(
      [
        { caption: 'Si cerca il contratto.', at: 0 },
        { caption: 'Si apre la tabella.', at: 4.25 },
      ],
      9.5,
    )
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.250\nSi cerca il contratto.\n\n2\n00:00:04.250 --> 00:00:09.500\nSi apre la tabella.\n',
    )
    // What the script writes is what the site accepts as captions.
    expect(webVttProblem('video.vtt', Buffer.from(vtt))).toBeNull()
  })

  it('refuses a step that ends before it begins', () => {
    expect(() => webVtt([{ caption: 'Troppo tardi.', at: 10 }], 8)).toThrow(/Troppo tardi/)
  })

  it('writes the transcript as the title and one paragraph per step', () => {
    expect(
      transcript('Titolo', [
        { caption: 'Uno.', at: 0 },
        { caption: 'Due.', at: 3 },
      ]),
    ).toBe('Titolo\n\nUno.\n\nDue.\n')
  })
})
