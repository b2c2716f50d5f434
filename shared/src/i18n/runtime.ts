/** Lingui and the ICU compiler of the catalogues: a chunk fetched only for a language other than English. */
export { i18n } from '@lingui/core';
export { compileMessage } from '@lingui/message-utils/compileMessage';

/** A date as the app and the server write it ('28-November-2026') with the month named in `lang`. */
export { localizeMonths as localizeDates } from '../domain/months';
