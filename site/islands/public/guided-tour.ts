/**
 * The guided tours of the help centre (driver.js), started by a link carrying
 * `__ug__=<guide>`. Each step points at a `data-tour="..."` hook of the page;
 * steps whose hook is not on the page are skipped.
 */
import { driver, type DriveStep } from 'driver.js'
import 'driver.js/dist/driver.css'
import { it } from '../../../modules/i18n/index.ts'

const t = it.helpCentre
type GuideId = keyof typeof t.tourSteps

function isGuide(value: string | null): value is GuideId {
  return value !== null && Object.hasOwn(t.tourSteps, value)
}

/** The steps of a guide that can be shown on this page. */
export function stepsFor(guide: GuideId, root: ParentNode = document): DriveStep[] {
  return t.tourSteps[guide].flatMap((step): DriveStep[] => {
    const popover = { title: step.title, description: step.text }
    if (step.hook === null) return [{ popover }]
    const element = root.querySelector(`[data-tour="${step.hook}"]`)
    return element ? [{ element: element as Element, popover }] : []
  })
}

/** Starts the guide named by `__ug__` and removes the parameter from the address (a reload does not restart it). */
export function startGuideFromUrl(): void {
  const url = new URL(location.href)
  const guide = url.searchParams.get('__ug__')
  if (!isGuide(guide)) return
  const tour = driver({
    showProgress: true,
    progressText: t.tour.progress,
    nextBtnText: t.tour.next,
    prevBtnText: t.tour.previous,
    doneBtnText: t.tour.done,
    allowClose: true,
    overlayOpacity: 0.55,
    popoverClass: 'guided-tour',
    steps: stepsFor(guide),
  })
  tour.drive()
  url.searchParams.delete('__ug__')
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`)
}
