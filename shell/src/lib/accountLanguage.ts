/**
 * The player's language on the account: the switch keeps a choice made while logged in on the
 * account too (api-set-language), and a login takes up the account's choice on this phone, or gives the
 * account this phone's choice when it has none yet. The server answers the account's refusals in it.
 */
import { callApi, callNamed } from '@matka/shared';
import { currentLanguage, isLanguage, setLanguage, type Language } from '@matka/shared/i18n';

/** Keeps `lang` on the account of `token` (a failure leaves the phone's choice; the next login retries). */
export async function saveAccountLanguage(token: string, lang: Language): Promise<void> {
  await callApi({ call: callNamed('setLanguage'), body: { language: lang } }, { token });
}

/**
 * After a login or a registration: the account's language (from the login answer) wins on this phone;
 * an account without one takes this phone's, unless that is the default English.
 */
export async function afterLogin(token: string, accountLanguage: unknown): Promise<void> {
  if (isLanguage(accountLanguage)) {
    if (accountLanguage !== currentLanguage()) await setLanguage(accountLanguage).catch(() => undefined);
    return;
  }
  const here = currentLanguage();
  if (here !== 'en') await saveAccountLanguage(token, here);
}
