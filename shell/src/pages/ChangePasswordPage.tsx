import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG, notify } from '@matka/shared';
import type { RefusalCode } from '@matka/shared/contract/schemas';
import { PageHeader } from '@matka/shared/ui';
import { outcome, useShellChangePasswordMutation } from '../api';
import {
  FormMessage,
  hasErrors,
  NewPasswordFields,
  PasswordField,
  SubmitButton,
  type FieldErrors,
} from '../components/form';
import { t, useLanguage } from '@matka/shared/i18n';
import { validateChangePassword } from '../lib/validation';

/** /change: Current, New and Confirm Password; the current one is checked by the server. Success → /imp. */
export default function ChangePasswordPage() {
  useLanguage();
  const [current, setCurrent] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'current' | 'newPassword' | 'confirm'>>({});
  const [error, setError] = useState('');
  const [change, { isLoading }] = useShellChangePasswordMutation();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (isLoading) return;
    setError('');
    const found = validateChangePassword({ current, newPassword, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    const r = outcome(await change({ old_pass: current, new_pass: newPassword }));
    if (r.ok) {
      notify.success(MSG.passwordChanged);
      navigate('/imp');
    } else if (r.errorKind === 'network' || r.errorKind === 'parse') setError(MSG.errorOccurredTryAgain);
    else {
      // The server refused the current password: one message, the spec's 'Old password does not
      // match' on the field. Any other refusal is shown as the server words it.
      if (!r.msg || r.code === ('msg.oldPasswordIncorrect' satisfies RefusalCode)) {
        setErrors({ current: MSG.oldPasswordMismatch });
        // focus the field, so that its message (its description) is read out
        form.current?.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')?.focus();
      } else setError(r.msg);
    }
  }

  return (
    <section>
      <PageHeader title={t('menu.changePassword', 'Change Password')} />
      <form ref={form} className="card form-card" onSubmit={submit} noValidate>
        <PasswordField
          label={t('password.current', 'Current Password')}
          value={current}
          onValue={setCurrent}
          error={errors.current}
          autoComplete="current-password"
        />
        <NewPasswordFields
          newPassword={newPassword}
          onNewPassword={setNewPassword}
          confirm={confirm}
          onConfirm={setConfirm}
          errors={errors}
          confirmLabel={t('password.confirm', 'Confirm Password')}
        />
        <SubmitButton
          busy={isLoading}
          text={t('menu.changePassword', 'Change Password')}
          busyText={t('common.submitting', 'Submitting...')}
        />
        <FormMessage error={error} />
      </form>
    </section>
  );
}
