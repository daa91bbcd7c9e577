/**
 * /invito-studio/{code}: the invited person creates an account (name,
 * password twice, terms) and is linked to the Studio at once. An address that
 * is already registered gets a modal asking to log in with its password;
 * logging in activates (or re-enables) the link. A wrong password shows
 * 'Login fallito: verifica la password associata all'account'.
 */
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { accounts, common, studio } from '#modules/i18n'
import { FormAlert, PostForm, TextField } from '../FormParts.tsx'
import { TermsCheck } from '../SignupFields.tsx'
import { signInFailureMessage } from '../account-client.ts'
import { resultOf, segment, studioApi } from '../api-client.ts'
import { postJson } from '../json-client.ts'
import { markNewSession } from '../session-flag.ts'
import { inviteLoginSchema, inviteSignupFormSchema } from './studio-client.ts'

const t = studio.invitation
const a = accounts

type SignupInput = z.input<typeof inviteSignupFormSchema>
type SignupOutput = z.output<typeof inviteSignupFormSchema>
type LoginInput = z.input<typeof inviteLoginSchema>

type Props = {
  code: string
  email: string
  /** The address already has an account: the login modal opens at once. */
  registered: boolean
  /** The signed-in account is the invited one: one button activates. */
  signedInAsInvited: boolean
  termsHref: string
  privacyHref: string
}

const DESTINATION = '/bancadati'

async function activate(code: string) {
  return resultOf(studioApi.linkedstudioaccounts.activate[':code'].$post({ param: { code: segment(code) } }))
}

export default function InviteAcceptance({
  code,
  email,
  registered,
  signedInAsInvited,
  termsHref,
  privacyHref,
}: Props) {
  const [failure, setFailure] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const [loginOpen, setLoginOpen] = useState(registered && !signedInAsInvited)
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (loginOpen && !element.open) element.showModal()
    if (!loginOpen && element.open) element.close()
  }, [loginOpen])

  const finish = () => {
    setDone(true)
    markNewSession()
    window.setTimeout(() => window.location.assign(DESTINATION), 1200)
  }

  const signup = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(inviteSignupFormSchema),
    defaultValues: { name: '', password: '', confirmPassword: '', terms: false },
  })
  const termsAccepted = signup.watch('terms')
  const onSignup = signup.handleSubmit(async (values) => {
    setFailure(null)
    const result = await resultOf(
      studioApi.linkedstudioaccounts.signup[':code'].$post({ param: { code: segment(code) }, json: values }),
    )
    if (result.ok) return finish()
    if (result.status === 409 && result.field === 'email') {
      setLoginOpen(true)
      return
    }
    if (result.status === 400 && result.field && result.field in values) {
      signup.setError(result.field as keyof SignupInput, { message: result.message })
      return
    }
    setFailure(result.message ?? a.genericFailure)
  })

  const login = useForm<LoginInput>({
    resolver: zodResolver(inviteLoginSchema),
    defaultValues: { password: '' },
  })
  const [loginFailure, setLoginFailure] = useState<string | null>(null)
  const onLogin = login.handleSubmit(async (values) => {
    setLoginFailure(null)
    const signedIn = await postJson('/api/auth/sign-in/email', {
      email,
      password: values.password,
      rememberMe: true,
    })
    if (!signedIn.ok) {
      setLoginFailure(signInFailureMessage(signedIn, t.loginFailed))
      return
    }
    const activated = await activate(code)
    if (activated.ok) {
      setLoginOpen(false)
      return finish()
    }
    setLoginFailure(activated.message ?? a.genericFailure)
  })

  const [activating, setActivating] = useState(false)
  const onActivate = async () => {
    setActivating(true)
    setFailure(null)
    const result = await activate(code)
    setActivating(false)
    if (result.ok) return finish()
    setFailure(result.message ?? a.genericFailure)
  }

  if (done) {
    return (
      <div className="invite-done">
        <FormAlert variant="success">{t.activated}</FormAlert>
        <a className="btn btn--block" href={DESTINATION}>
          {t.goToDatabase}
        </a>
      </div>
    )
  }

  return (
    <>
      {failure && <FormAlert variant="danger">{failure}</FormAlert>}
      {signedInAsInvited ? (
        <button className="btn btn--block btn--lg" type="button" disabled={activating} onClick={onActivate}>
          {activating ? t.submitting : t.submit}
        </button>
      ) : (
        <PostForm className="account-form" onSubmit={onSignup} busy={signup.formState.isSubmitting}>
          <div className="field">
            <label className="field__label" htmlFor="invito-email">
              {t.email}
            </label>
            <input className="input" id="invito-email" type="email" value={email} readOnly />
          </div>
          <TextField
            id="invito-nome"
            label={t.name}
            error={signup.formState.errors.name?.message}
            autoComplete="name"
            maxLength={200}
            {...signup.register('name')}
          />
          <TextField
            id="invito-password"
            label={t.password}
            error={signup.formState.errors.password?.message}
            hint={t.passwordHint}
            type="password"
            autoComplete="new-password"
            maxLength={20}
            {...signup.register('password')}
          />
          <TextField
            id="invito-conferma"
            label={t.confirm}
            error={signup.formState.errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            maxLength={20}
            {...signup.register('confirmPassword')}
          />
          <TermsCheck field={signup.register('terms')} termsHref={termsHref} privacyHref={privacyHref} />
          <button
            className="btn btn--block btn--lg"
            type="submit"
            disabled={!termsAccepted || signup.formState.isSubmitting}
          >
            {signup.formState.isSubmitting ? t.submitting : t.submit}
          </button>
        </PostForm>
      )}
      <dialog
        ref={dialog}
        className="modal"
        aria-labelledby="invito-accesso-titolo"
        aria-describedby="invito-accesso-testo"
        onClose={() => setLoginOpen(false)}
      >
        <div className="modal__header">
          <h2 className="modal__title" id="invito-accesso-titolo">
            {t.existingTitle}
          </h2>
        </div>
        <div className="modal__body">
          <p id="invito-accesso-testo">{t.existingText(email)}</p>
          <PostForm className="account-form" onSubmit={onLogin} busy={login.formState.isSubmitting}>
            {loginFailure && <FormAlert variant="danger">{loginFailure}</FormAlert>}
            <TextField
              id="invito-accesso-password"
              label={a.fields.password}
              error={login.formState.errors.password?.message}
              type="password"
              autoComplete="current-password"
              maxLength={128}
              {...login.register('password')}
            />
            <div className="modal__actions">
              <button type="button" className="btn btn--secondary" onClick={() => setLoginOpen(false)}>
                {common.cancel}
              </button>
              <button className="btn" type="submit" disabled={login.formState.isSubmitting}>
                {login.formState.isSubmitting ? t.submitting : t.existingLogin}
              </button>
            </div>
          </PostForm>
        </div>
      </dialog>
    </>
  )
}
