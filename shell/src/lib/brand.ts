import { t } from '@matka/shared/i18n';
/** The product name shown in the top bar and on the auth screens. */
export const BRAND_NAME = 'Matka Play';
/** The scrolling title of the logged-in top bar, in the language in use. */
export const brandTitle = (): string =>
  t('brand.title', 'Matka Play • Kalyan • Main Bazar • Starline • Gali Disawar • Fast results, fast withdrawals');
/** The multilingual welcome ticker of the home screen. */
export const WELCOME_TICKER =
  'Welcome to Matka Play! • मटका प्ले में आपका स्वागत है! • मटका प्लेमध्ये आपले स्वागत आहे! • மட்கா ப்ளேக்கு வரவேற்கிறோம்! • మట్కా ప్లేకి స్వాగతం! • মটকা প্লে-তে স্বাগতম! • ਮਟਕਾ ਪਲੇ ਵਿੱਚ ਜੀ ਆਇਆਂ ਨੂੰ!';
