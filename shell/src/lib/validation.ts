/** The form checks of spec section 5, run before any call. Each returns a message per invalid field. */
import { displayNameProblem, isValidPhone, longEnoughPassword, MSG, PLAYER_PASSWORD_RULE } from '@matka/shared';
import type { FieldErrors } from '../components/form';

export function validateLogin(v: { mobile: string; password: string }): FieldErrors<'mobile' | 'password'> {
  return {
    mobile: !v.mobile.trim() ? MSG.phoneRequired : !isValidPhone(v.mobile.trim()) ? MSG.phoneInvalid : undefined,
    password: !v.password ? MSG.passwordRequired : undefined,
  };
}

/** A password being chosen: required, then at least PLAYER_PASSWORD_MIN characters. */
const newPasswordError = (password: string, required: string) =>
  !password ? required : !longEnoughPassword(password) ? PLAYER_PASSWORD_RULE : undefined;

export function validateRegister(v: {
  username: string;
  mobile: string;
  password: string;
}): FieldErrors<'username' | 'mobile' | 'password'> {
  return {
    // the server's rule for a name, before a code is sent
    username: !v.username.trim() ? MSG.usernameRequired : (displayNameProblem(v.username.trim()) ?? undefined),
    ...validateLogin(v),
    password: newPasswordError(v.password, MSG.passwordRequired),
  };
}

export function validateForgotPhone(mobile: string): string | undefined {
  if (!mobile.trim()) return MSG.forgotPhoneRequired;
  if (!isValidPhone(mobile.trim())) return MSG.forgotPhoneInvalid;
  return undefined;
}

/** A complete code: exactly `length` digits. */
export const isCompleteOtp = (code: string, length = 4): boolean => new RegExp(`^\\d{${length}}$`).test(code);

/** New Password + its confirmation; `mismatch` is the page's message for a confirmation that differs. */
function newPasswordErrors(
  v: { newPassword: string; confirm: string },
  mismatch: string,
): FieldErrors<'newPassword' | 'confirm'> {
  return {
    newPassword: newPasswordError(v.newPassword, MSG.newPasswordRequired),
    confirm: !v.confirm
      ? MSG.confirmPasswordRequired
      : v.newPassword && v.confirm !== v.newPassword
        ? mismatch
        : undefined,
  };
}

export function validateReset(v: { newPassword: string; confirm: string }): FieldErrors<'newPassword' | 'confirm'> {
  return newPasswordErrors(v, MSG.passwordsDoNotMatch);
}

export function validateChangePassword(v: {
  current: string;
  newPassword: string;
  confirm: string;
}): FieldErrors<'current' | 'newPassword' | 'confirm'> {
  return {
    current: !v.current ? MSG.currentPasswordRequired : undefined,
    ...newPasswordErrors(v, MSG.confirmNotEqualNew),
  };
}

export const validateName = (name: string): string | undefined =>
  name.trim() ? (displayNameProblem(name.trim()) ?? undefined) : MSG.nameRequired;
