/**
 * The guided tours of the help centre (driver.js), started by a link carrying
 * `__ug__=<guide>`. Each step points at a `data-tour="..."` hook of the page;
 * steps whose hook is not on the page are skipped. A step marked `follow`
 * points at a link: 'Avanti' opens it and the tour goes on there from the
 * next step (`__ug_passo__`). A hook inside a closed panel (`<details>`) opens
 * the panel when its step is shown.
 */
import { driver, type DriveStep, type Driver } from 'driver.js'
import 'driver.js/dist/driver.css'
import { helpCentre } from '#modules/i18n'

const t = helpCentre
type GuideId = keyof typeof t.tourSteps
/** The address parameters: the guide, and the step a guide resumes from on the page a `follow` step opened. */
export const GUIDE_PARAM = '__ug__'
export const STEP_PARAM = '__ug_passo__'

function isGuide(value: string | null): value is GuideId {
  return value !== null && Object.hasOwn(t.tourSteps, value)
}

/** The link a `follow` step opens, carrying the guide and the step to resume from. */
function followHref(link: HTMLAnchorElement, guide: GuideId, step: number): string {
  const url = new URL(link.href)
  url.searchParams.set(GUIDE_PARAM, guide)
  url.searchParams.set(STEP_PARAM, String(step))
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The steps of a guide that can be shown on this page, from step `from` on
 * (the steps before it were shown on the page that led here).
 */
export function stepsFor(guide: GuideId, root: ParentNode = document, from = 0): DriveStep[] {
  const steps = t.tourSteps[guide]
  return steps.flatMap((step, index): DriveStep[] => {
    if (index < from) return []
    const popover = { title: step.title, description: step.text }
    if (step.hook === null) return [{ popover }]
    const element = root.querySelector(`[data-tour="${step.hook}"]`)
    if (!element) return []
    const follows = 'follow' in step && step.follow && element instanceof HTMLAnchorElement
    if (!follows || index === steps.length - 1) return [{ element, popover }]
    return [
      {
        element,
        popover: {
          ...popover,
          // The last step on this page: 'Avanti', not 'Fine'.
          doneBtnText: t.tour.next,
          onNextClick: () => location.assign(followHref(element, guide, index + 1)),
        },
      },
    ]
  })
}

/** Opens the closed panels (`<details>`) around a hook, so its step can be seen. */
function reveal(element: Element | undefined): void {
  for (let panel = element?.parentElement?.closest('details'); panel;) {
    panel.open = true
    panel = panel.parentElement?.closest('details')
  }
}

/** Starts the guide named by `__ug__` and removes the parameters from the address (a reload does not restart it). */
export function startGuideFromUrl(): Driver | null {
  const url = new URL(location.href)
  const guide = url.searchParams.get(GUIDE_PARAM)
  if (!isGuide(guide)) return null
  const from = Math.max(0, Math.floor(Number(url.searchParams.get(STEP_PARAM)) || 0))
  // A guide over two pages counts its steps on each page: no 'n di m' then.
  const onePage = t.tourSteps[guide].every((step) => !('follow' in step))
  const tour = driver({
    showProgress: onePage,
    progressText: t.tour.progress,
    nextBtnText: t.tour.next,
    prevBtnText: t.tour.previous,
    doneBtnText: t.tour.done,
    allowClose: true,
    overlayOpacity: 0.55,
    popoverClass: 'guided-tour',
    onHighlightStarted: reveal,
    steps: stepsFor(guide, document, from),
  })
  tour.drive()
  url.searchParams.delete(GUIDE_PARAM)
  url.searchParams.delete(STEP_PARAM)
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
  return tour
}
