/**
 * The shell's texts in Hindi and Marathi: its catalogues, fetched only when their language is
 * chosen (docs/product.md: Languages). The remotes register their own the same way.
 */
import { MSG, TEXTS } from '@matka/shared';
import { onLanguageChange, registerCatalog, registerSpecMessages } from '@matka/shared/i18n';

// the spec's messages, translated by their text wherever the app shows one (tMsg)
registerSpecMessages({ ...MSG, ...TEXTS });

void registerCatalog('shell', (lang) =>
  lang === 'hi'
    ? import(/* webpackChunkName: "i18n-shell-hi" */ './locales/hi.json')
    : import(/* webpackChunkName: "i18n-shell-mr" */ './locales/mr.json'),
);

// the installed app's name in the language (public/manifest.<lang>.webmanifest): the browser reads the
// manifest the page links when the player installs it
onLanguageChange((lang) => {
  document
    .querySelector('link[rel="manifest"]')
    ?.setAttribute('href', lang === 'en' ? '/manifest.webmanifest' : `/manifest.${lang}.webmanifest`);
});
