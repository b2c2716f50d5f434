import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PLAYER_PASSWORD_HINT } from '@matka/shared';
import { t, tMsg } from '@matka/shared/i18n';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>;

interface FieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  /** Something to draw inside the field's box, after the input (the show/hide toggle). */
  addon?: ReactNode;
  /** A line under the field saying what it takes (shown until an error takes its place). */
  hint?: string;
}

/** A labelled input with its validation message under it (linked by aria-describedby). */
export function TextField({ label, value, onValue, error, addon, hint, className = '', ...rest }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-box">
        <input
          id={id}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : hint ? hintId : undefined}
          {...rest}
        />
        {addon}
      </div>
      {error ? (
        <p id={errId} className="form-error field-error">
          {tMsg(error)}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="field-hint">
            {tMsg(hint)}
          </p>
        )
      )}
    </div>
  );
}

/** A phone number field: digits only, at most 10. */
export function PhoneField(props: Omit<FieldProps, 'label'> & { label?: string }) {
  const { label = t('field.phone', 'Phone Number'), onValue, ...rest } = props;
  return (
    <TextField
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      onValue={(v) => onValue(v.replace(/\D/g, '').slice(0, 10))}
      {...rest}
    />
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="field-toggle"
          aria-label={
            shown
              ? t('field.hide', 'Hide {label}', { label: props.label })
              : t('field.show', 'Show {label}', { label: props.label })
          }
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon open={!shown} />
        </button>
      }
    />
  );
}

/** New Password + its confirmation (Change Password, Reset Password). */
export function NewPasswordFields(props: {
  newPassword: string;
  onNewPassword: (v: string) => void;
  confirm: string;
  onConfirm: (v: string) => void;
  errors: FieldErrors<'newPassword' | 'confirm'>;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordField
        label={t('password.new', 'New Password')}
        value={props.newPassword}
        onValue={props.onNewPassword}
        error={props.errors.newPassword}
        hint={PLAYER_PASSWORD_HINT}
        autoComplete="new-password"
      />
      <PasswordField
        label={props.confirmLabel}
        value={props.confirm}
        onValue={props.onConfirm}
        error={props.errors.confirm}
        autoComplete="new-password"
      />
    </>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  );
}

/** A checkbox with its label beside it and its error under it (the age declaration). */
export function CheckField({
  label,
  checked,
  onChecked,
  error,
}: {
  label: string;
  checked: boolean;
  onChecked: (v: boolean) => void;
  error?: string;
}) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`field field-check ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id} className="check-label">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errId : undefined}
        />
        <span>{tMsg(label)}</span>
      </label>
      {error && (
        <p id={errId} className="form-error field-error">
          {tMsg(error)}
        </p>
      )}
    </div>
  );
}

/** The submit button: its busy text while busy, disabled so a second tap does nothing. */
export function SubmitButton({ busy, text, busyText }: { busy: boolean; text: string; busyText: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyText : text}
    </button>
  );
}

/** A message for the whole form (server errors). */
export function FormMessage({ error, success }: { error?: string; success?: string }) {
  if (error) {
    return (
      <p className="form-error form-message" role="alert">
        {tMsg(error)}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-success form-message" role="status">
        {success}
      </p>
    );
  }
  return null;
}

/** Field errors of a form: a message per field name. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const hasErrors = (e: Record<string, string | undefined>): boolean => Object.values(e).some(Boolean);
