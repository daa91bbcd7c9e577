/**
 * The bell's list (inside the top bar's notifications panel): notifications
 * newest first (the API returns them oldest first), unread highlighted and
 * marked read on hover or focus, 'Segna tutte come lette', the empty message,
 * and the checkbox that registers or unregisters e-mail notifications with a
 * 4-second confirmation. The count of unread items is shown on the bell.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { feed } from '#modules/i18n'
import { feedApi, resultOf } from '../api-client.ts'
import { Icon } from '../FormParts.tsx'

const t = feed.notifications
/** How long the e-mail confirmation stays (the specification's 4,000 ms). */
export const EMAIL_NOTICE_MS = 4000
/** How often the list is refreshed while the page is visible. */
const REFRESH_MS = 60_000

type Item = { id: number; title: string; body: string; link: string; created: string; read: boolean }

const when = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
})

function showCount(count: number) {
  const badge = document.querySelector<HTMLElement>('[data-bell-count]')
  if (!badge) return
  badge.textContent = count > 99 ? '99+' : String(count)
  badge.hidden = count === 0
  const summary = badge.closest('summary')
  summary?.setAttribute('aria-label', count > 0 ? `${t.title}: ${t.unread(count)}` : t.title)
}

export default function NotificationsBell({ userId }: { userId: string }) {
  const [items, setItems] = useState<Item[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [email, setEmail] = useState<boolean | null>(null)
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const load = useCallback(async () => {
    try {
      const result = await resultOf(feedApi.notifications.$get())
      if (!result.ok) throw new Error(String(result.status))
      setItems([...result.data].reverse())
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }, [])

  useEffect(() => {
    void load()
    void (async () => {
      const result = await resultOf(feedApi.user['email-subscription'][':userId'].$get({ param: { userId } }))
      if (result.ok) setEmail(result.data.subscribed)
    })()
    const refresh = setInterval(() => {
      if (document.visibilityState === 'visible') void load()
    }, REFRESH_MS)
    return () => clearInterval(refresh)
  }, [load, userId])

  useEffect(() => showCount(items?.filter((item) => !item.read).length ?? 0), [items])
  useEffect(() => () => clearTimeout(timer.current), [])

  const markRead = async (item: Item) => {
    if (item.read) return
    setItems(
      (list) => list?.map((entry) => (entry.id === item.id ? { ...entry, read: true } : entry)) ?? null,
    )
    const result = await resultOf(
      feedApi.notifications.setread[':id'].$post({ param: { id: String(item.id) } }),
    )
    if (!result.ok)
      setItems(
        (list) => list?.map((entry) => (entry.id === item.id ? { ...entry, read: false } : entry)) ?? null,
      )
  }

  const markAll = async () => {
    const result = await resultOf(feedApi.notifications.allread.$post())
    if (result.ok) setItems((list) => list?.map((entry) => ({ ...entry, read: true })) ?? null)
  }

  const toggleEmail = async (checked: boolean) => {
    setEmail(checked)
    const result = checked
      ? await resultOf(feedApi.user['register-email-subscription'].$post({ json: { userId } }))
      : await resultOf(feedApi.user['unregister-email-subscription'].$post({ json: { userId } }))
    if (!result.ok) setEmail(!checked)
    setNotice(
      result.ok
        ? { text: checked ? t.registered : t.unregistered, error: false }
        : { text: t.failed, error: true },
    )
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setNotice(null), EMAIL_NOTICE_MS)
  }

  const unread = items?.some((item) => !item.read) ?? false
  return (
    <div className="bell">
      {items && items.length > 0 && (
        <div className="bell__actions">
          <button type="button" className="link-button" onClick={() => void markAll()} disabled={!unread}>
            {t.markAll}
          </button>
        </div>
      )}
      {failed && items === null && <p className="bell__message">{t.loadFailed}</p>}
      {items?.length === 0 && (
        <div className="notifications__empty">
          <Icon name="bell" />
          <p>{t.empty}</p>
        </div>
      )}
      {items && items.length > 0 && (
        <ul className="bell__list" role="list">
          {items.map((item) => (
            <li
              key={item.id}
              className={item.read ? 'bell__item' : 'bell__item bell__item--unread'}
              data-read={item.read ? 'true' : 'false'}
              onMouseEnter={() => void markRead(item)}
              onFocus={() => void markRead(item)}
            >
              <a href={item.link} onClick={() => void markRead(item)}>
                <strong>{item.title}</strong>
                <span className="bell__body">{item.body}</span>
                <time dateTime={item.created}>{when.format(new Date(item.created))}</time>
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="bell__footer">
        <label className="check">
          <input
            type="checkbox"
            checked={email ?? false}
            disabled={email === null}
            onChange={(event) => void toggleEmail(event.target.checked)}
          />
          <span>{t.email}</span>
        </label>
        {notice && (
          <p className={notice.error ? 'bell__notice bell__notice--error' : 'bell__notice'} role="status">
            {notice.text}
          </p>
        )}
      </div>
    </div>
  )
}
