import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify, selectSession, useAppDispatch, useAppSelector, usernameChanged } from '@matka/shared';
import { PageHeader } from '@matka/shared/ui';
import { outcome, useShellProfileQuery, useShellProfileUpdateMutation } from '../api';
import { FormMessage, SubmitButton, TextField } from '../components/form';
import { t, useLanguage } from '@matka/shared/i18n';
import { validateName } from '../lib/validation';

/** /profile: edit the name ('Name is required!'); success updates the session's name and goes to /imp. */
export default function ProfilePage() {
  useLanguage();
  const session = useAppSelector(selectSession);
  const { data } = useShellProfileQuery();
  const [name, setName] = useState(session.username ?? '');
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [update, { isLoading }] = useShellProfileUpdateMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  // The server's name wins over the stored one until the player starts typing.
  useEffect(() => {
    if (!touched && data?.user_name) setName(data.user_name);
  }, [data?.user_name, touched]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (isLoading) return;
    setError('');
    const invalid = validateName(name);
    setFieldError(invalid);
    if (invalid) return;
    const r = outcome(await update({ user_name: name.trim() }));
    if (r.ok) {
      dispatch(usernameChanged(String(r.data?.user_name ?? name.trim())));
      notify.success(r.msg ?? t('profile.updated', 'Profile updated successfully'));
      navigate('/imp');
    } else setError(r.msg ?? t('profile.failed', 'Failed to update profile. Please try again.'));
  }

  return (
    <section>
      <PageHeader title={t('menu.profile', 'My Profile')} />
      <form className="card form-card" onSubmit={submit} noValidate>
        <div className="profile-avatar" aria-hidden="true">
          {(name.trim() || session.username || '?').slice(0, 1).toUpperCase()}
        </div>
        <TextField
          label={t('profile.name', 'Name')}
          value={name}
          onValue={(v) => {
            setTouched(true);
            setName(v);
          }}
          error={fieldError}
          autoComplete="name"
          maxLength={60}
        />
        <TextField
          label={t('profile.mobile', 'Mobile Number')}
          value={data?.mobile ?? session.mobile ?? ''}
          onValue={() => undefined}
          readOnly
        />
        <SubmitButton
          busy={isLoading}
          text={t('profile.submit', 'Update Profile')}
          busyText={t('common.submitting', 'Submitting...')}
        />
        <FormMessage error={error} />
      </form>
    </section>
  );
}
