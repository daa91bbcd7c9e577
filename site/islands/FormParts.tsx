/**
 * Small pieces the account forms share, with the markup and classes of the
 * site's Alert and FormField components, so islands look like the rest.
 */
import type { ComponentProps, ReactNode } from 'react'
import { iconPaths, type IconName } from '../components/icons.ts'

const alertIcons: Record<'info' | 'success' | 'warning' | 'danger', IconName> = {
  info: 'info',
  success: 'checkCircle',
  warning: 'alert',
  danger: 'alertCircle',
}

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: iconPaths[name] }}
    />
  )
}

/** An alert announced to screen readers (role=alert for errors, status otherwise). */
/**
 * A form its island submits itself: it validates with the island's messages
 * (no browser bubbles) and posts, so that a submit made before the script is
 * ready never puts what was typed (an address, a password) into the URL.
 */
export function PostForm({
  busy,
  ...props
}: Omit<ComponentProps<'form'>, 'method' | 'noValidate' | 'aria-busy'> & { busy?: boolean }) {
  return <form {...props} method="post" noValidate aria-busy={busy} />
}

export function FormAlert({
  variant,
  title,
  children,
  list,
}: {
  variant: 'info' | 'success' | 'warning' | 'danger'
  title?: string
  children?: ReactNode
  /** Points listed under the text (reasons of a failure). */
  list?: readonly string[]
}) {
  return (
    <div className={`alert alert--${variant}`} role={variant === 'danger' ? 'alert' : 'status'}>
      <Icon name={alertIcons[variant]} className="alert__icon" />
      <div className="alert__body">
        {title && <strong className="alert__title">{title}</strong>}
        {children && <p>{children}</p>}
        {list && list.length > 0 && (
          <ul className="alert__list">
            {list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}

/** The error line under a field (nothing when there is no error). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p className="field__error" id={id}>
      <Icon name="alertCircle" size={16} />
      {message}
    </p>
  )
}

/**
 * A labelled input with its hint and error line: the input is marked invalid
 * and points at the error while there is one (ids `<id>-aiuto`, `<id>-errore`).
 */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  id: string
  label: ReactNode
  error: string | undefined
  hint?: ReactNode
}) {
  const hintId = `${id}-aiuto`
  const errorId = `${id}-errore`
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        className={className ? `input ${className}` : 'input'}
        id={id}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
