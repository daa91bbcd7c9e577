'use client'
import { Editor, loader } from '@monaco-editor/react'
import { FieldDescription, FieldError, FieldLabel, useField, useTheme } from '@payloadcms/ui'
import type { CodeFieldClientProps, JSONFieldClientProps, Validate } from 'payload'
import { useCallback, useEffect, useRef, useState } from 'react'

// The editor is served by the portal itself (cms/endpoints/monacoAssets.ts), never by a public CDN.
loader.config({ paths: { vs: '/cms/api/monaco/vs' } })

type Props = CodeFieldClientProps | JSONFieldClientProps

const asText = (value: unknown, json: boolean): string => {
  if (value === null || value === undefined) return ''
  if (json) return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return String(value)
}

/**
 * The editor of HTML bodies and JSON fields (pay table levels, index and topic
 * trees): Monaco with syntax highlighting. JSON that does not parse is kept as
 * text, so the field's validation reports it instead of losing the edit.
 */
export function SourceField(props: Props) {
  const { field, path: pathFromProps, readOnly, validate } = props
  const json = field.type === 'json'
  const language = json ? 'json' : ((field.admin as { language?: string } | undefined)?.language ?? 'html')
  const required = Boolean(field.required)
  const memoizedValidate = useCallback<Validate>(
    (value, options) =>
      typeof validate === 'function' ? validate(value as never, { ...options, required } as never) : true,
    [validate, required],
  )
  const { path, value, setValue, showError, disabled } = useField<unknown>({
    potentiallyStalePath: pathFromProps,
    validate: memoizedValidate,
  })
  const { theme } = useTheme()
  const [text, setText] = useState(() => asText(value, json))
  const editing = useRef(false)

  useEffect(() => {
    // Follow the form (load, reset, save) but not the echo of our own edits.
    if (!editing.current) setText(asText(value, json))
    editing.current = false
  }, [value, json])

  const onChange = (next: string | undefined) => {
    const source = next ?? ''
    editing.current = true
    setText(source)
    if (source.trim() === '') setValue(null)
    else if (!json) setValue(source)
    else {
      try {
        setValue(JSON.parse(source))
      } catch {
        setValue(source)
      }
    }
  }

  return (
    <div className={['field-type', 'source-field', showError ? 'error' : ''].filter(Boolean).join(' ')}>
      <FieldLabel label={field.label} path={path} required={required} />
      <div className="field-type__wrap">
        <FieldError path={path} showError={showError} />
        <div
          id={`field-${path.replace(/\./g, '__')}`}
          style={{
            border: '1px solid var(--theme-elevation-150)',
            borderRadius: 'var(--style-radius-s)',
            overflow: 'hidden',
          }}
        >
          <Editor
            height={json ? '320px' : '480px'}
            language={language}
            value={text}
            theme={theme === 'dark' ? 'vs-dark' : 'vs'}
            loading="Caricamento dell'editor…"
            onChange={onChange}
            options={{
              readOnly: Boolean(readOnly || disabled),
              minimap: { enabled: false },
              wordWrap: 'on',
              scrollBeyondLastLine: false,
              tabSize: 2,
              automaticLayout: true,
              fontSize: 13,
              // Italian texts are full of dashes, apostrophes and ordinals Monaco would flag.
              unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false },
            }}
          />
        </div>
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
