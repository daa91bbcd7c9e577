/**
 * The product pages' demo videos: short recordings of the real portal made by
 * `npm run demo:videos` (dev/demo-videos/) and committed in dev/demo/videos/,
 * each as an H.264 MP4, a JPEG poster, Italian WebVTT captions and a plain
 * transcript. A fresh installation uploads them with the product pages; no
 * ffmpeg is needed for that.
 */
import { access, readFile } from 'node:fs/promises'
import type { ProductSlug } from '../../modules/site-content/index.ts'
import type { DemoFile } from './media.ts'

export type DemoVideo = { name: string; product: ProductSlug; title: string; text: string }

/** The videos, in the order of their product pages' sections. */
export const demoVideos: readonly DemoVideo[] = [
  {
    name: 'werte-ricerca-tabelle',
    product: 'werte',
    title: 'Cercare un contratto e aprire le tabelle retributive',
    text: 'Dalla ricerca per nome ai minimi di ogni livello, con le decorrenze del rinnovo.',
  },
  {
    name: 'werte-calcolo-arretrati',
    product: 'werte',
    title: 'Calcolare gli arretrati di un rinnovo',
    text: 'Livello e periodo: il calcolo mese per mese con tredicesima, quattordicesima e una tantum.',
  },
  {
    name: 'werte-plus-territoriali',
    product: 'werteplus',
    title: 'Consultare la contrattazione territoriale',
    text: 'Gli accordi provinciali del contratto, provincia per provincia.',
  },
  {
    name: 'werte-plus-quotidiano-preferiti',
    product: 'werteplus',
    title: 'Il Quotidiano e i contratti preferiti',
    text: 'Le notizie dei rinnovi ogni giorno, e i contratti che segui sempre a portata di mano.',
  },
]

/** The folder of the committed files (`<name>.mp4`, `.jpg`, `.vtt`, `.txt`). */
export const demoVideoDir = new URL('./videos/', import.meta.url)

export type DemoVideoFiles = DemoVideo & {
  video: DemoFile
  poster: DemoFile
  captions: DemoFile
  transcript: string
}

async function file(name: string, mimetype: string, alt: string): Promise<DemoFile> {
  return { name, mimetype, data: await readFile(new URL(name, demoVideoDir)), alt }
}

/**
 * The files of one video, read from dev/demo/videos/; null before the video was
 * recorded (a new scene, or the recording script's own first start).
 */
export async function demoVideoFiles(video: DemoVideo): Promise<DemoVideoFiles | null> {
  const recorded = await Promise.all(
    ['mp4', 'jpg', 'vtt', 'txt'].map((ext) =>
      access(new URL(`${video.name}.${ext}`, demoVideoDir)).then(
        () => true,
        () => false,
      ),
    ),
  )
  if (recorded.includes(false)) return null
  return {
    ...video,
    video: await file(`${video.name}.mp4`, 'video/mp4', `Video dimostrativo: ${video.title}`),
    poster: await file(`${video.name}.jpg`, 'image/jpeg', `Copertina del video: ${video.title}`),
    captions: await file(`${video.name}.vtt`, 'text/vtt', `Sottotitoli del video: ${video.title}`),
    transcript: await readFile(new URL(`${video.name}.txt`, demoVideoDir), 'utf8'),
  }
}
