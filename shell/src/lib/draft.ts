/**
 * The registration draft between /r and /otpregister. Kept in memory only (never in the URL or in
 * storage), so the password never touches the browser's storage; a reload on the OTP screen means
 * starting over.
 */
export interface RegistrationDraft {
  username: string;
  mobile: string;
  password: string;
  /** the age declaration was ticked */
  adult: boolean;
}

let draft: RegistrationDraft | null = null;

export function saveDraft(d: RegistrationDraft): void {
  draft = { ...d };
}

export function readDraft(): RegistrationDraft | null {
  return draft ? { ...draft } : null;
}

export function clearDraft(): void {
  draft = null;
}
