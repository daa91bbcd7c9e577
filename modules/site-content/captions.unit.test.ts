/** Captions uploaded by the editors: WebVTT only, with an Italian message for anything else. */
import { describe, expect, it } from 'vitest'
import { it as messages } from '../i18n/index.ts'
import { isCaptionsUpload, webVttProblem } from './index.ts'

const t = messages.publicSite.captions
const vtt = (text: string) => Buffer.from(text)

describe('captions of a demo video', () => {
  it('accepts a WebVTT file with timed cues, with or without hours and a BOM', () => {
    expect(webVttProblem('a.vtt', vtt('WEBVTT\n\n00:01.000 --> 00:04.000\nCiao\n'))).toBeNull()
    expect(
      webVttProblem(
        'a.VTT',
        vtt('\uFEFFWEBVTT - sottotitoli\r\n\r\n1\r\n00:00:01.000 --> 00:00:04.000\r\nCiao'),
      ),
    ).toBeNull()
  })

  it('says what is wrong with a file that is not WebVTT', () => {
    expect(webVttProblem('a.txt', vtt('WEBVTT\n\n00:01.000 --> 00:04.000\nCiao'))).toBe(t.notVtt)
    expect(webVttProblem('a.srt', vtt('1\n00:00:01,000 --> 00:00:04,000\nCiao'))).toBe(t.notVtt)
    expect(webVttProblem('a.vtt', vtt('1\n00:00:01,000 --> 00:00:04,000\nCiao'))).toBe(t.noHeader)
    expect(webVttProblem('a.vtt', vtt('WEBVTTX\n\n00:01.000 --> 00:04.000'))).toBe(t.noHeader)
    expect(webVttProblem('a.vtt', vtt('WEBVTT\n\nSolo testo, nessun tempo.'))).toBe(t.noCues)
  })

  it('treats a .vtt name or a text type as captions, and leaves videos and images alone', () => {
    expect(isCaptionsUpload('a.vtt', 'application/octet-stream')).toBe(true)
    expect(isCaptionsUpload('note.txt', 'text/plain')).toBe(true)
    expect(isCaptionsUpload('a.mp4', 'video/mp4')).toBe(false)
    expect(isCaptionsUpload('a.jpg', 'image/jpeg')).toBe(false)
  })
})
