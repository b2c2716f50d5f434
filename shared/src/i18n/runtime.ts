/** Lingui and the ICU compiler of the catalogues: a chunk fetched only for a language other than English. */
export { i18n } from '@lingui/core';
export { compileMessage } from '@lingui/message-utils/compileMessage';
