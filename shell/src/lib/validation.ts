/** The form checks of spec section 5, run before any call. Each returns a message per invalid field. */
import { isValidPhone, MSG } from '@matka/shared';
import type { FieldErrors } from '../components/form';

export function validateLogin(v: { mobile: string; password: string }): FieldErrors<'mobile' | 'password'> {
  return {
    mobile: !v.mobile.trim() ? MSG.phoneRequired : !isValidPhone(v.mobile.trim()) ? MSG.phoneInvalid : undefined,
    password: !v.password ? MSG.passwordRequired : undefined,
  };
}

export function validateRegister(v: {
  username: string;
  mobile: string;
  password: string;
}): FieldErrors<'username' | 'mobile' | 'password'> {
  return { username: !v.username.trim() ? MSG.usernameRequired : undefined, ...validateLogin(v) };
}

export function validateForgotPhone(mobile: string): string | undefined {
  if (!mobile.trim()) return MSG.forgotPhoneRequired;
  if (!isValidPhone(mobile.trim())) return MSG.forgotPhoneInvalid;
  return undefined;
}

/** A complete code: exactly `length` digits. */
export const isCompleteOtp = (code: string, length = 4): boolean => new RegExp(`^\\d{${length}}$`).test(code);

export function validateReset(v: { newPassword: string; confirm: string }): FieldErrors<'newPassword' | 'confirm'> {
  return {
    newPassword: !v.newPassword ? MSG.newPasswordRequired : undefined,
    confirm: !v.confirm
      ? MSG.confirmPasswordRequired
      : v.newPassword && v.confirm !== v.newPassword
        ? MSG.passwordsDoNotMatch
        : undefined,
  };
}

export function validateChangePassword(v: {
  current: string;
  newPassword: string;
  confirm: string;
}): FieldErrors<'current' | 'newPassword' | 'confirm'> {
  return {
    current: !v.current ? MSG.currentPasswordRequired : undefined,
    newPassword: !v.newPassword ? MSG.newPasswordRequired : undefined,
    confirm: !v.confirm
      ? MSG.confirmPasswordRequired
      : v.newPassword && v.confirm !== v.newPassword
        ? MSG.confirmNotEqualNew
        : undefined,
  };
}

export const validateName = (name: string): string | undefined => (name.trim() ? undefined : MSG.nameRequired);
