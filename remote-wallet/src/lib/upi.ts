/** UPI deep links for Add Funds (spec sections 2 and 9): payee id, name, amount, note 'Add Funds', INR. */
export type PayMethod = 'phonepe' | 'other';

export const PAY_METHODS: { value: PayMethod; label: string }[] = [
  { value: 'phonepe', label: 'PhonePe' },
  { value: 'other', label: 'Other UPI Gateway' },
];

export interface UpiPayment {
  /** Payee UPI id */
  pa: string;
  /** Payee name */
  pn: string;
  /** Amount in rupees */
  am: number;
}

export const UPI_NOTE = 'Add Funds';
const GPAY_PACKAGE = 'com.google.android.apps.nbu.paisa.user';

export function upiQuery({ pa, pn, am }: UpiPayment): string {
  const e = encodeURIComponent;
  return `pa=${e(pa)}&pn=${e(pn)}&am=${e(String(am))}&tn=${e(UPI_NOTE)}&cu=INR`;
}

/** Generic link: every UPI app registers upi://, the phone offers its chooser. */
export const upiLink = (p: UpiPayment): string => `upi://pay?${upiQuery(p)}`;
/** PhonePe's own scheme. */
export const phonePeLink = (p: UpiPayment): string => `phonepe://pay?${upiQuery(p)}`;
/** Android intent for Google Pay. */
export const gpayIntent = (p: UpiPayment): string =>
  `intent://pay?${upiQuery(p)}#Intent;scheme=upi;package=${GPAY_PACKAGE};end`;

/**
 * The link a method opens: PhonePe -> PhonePe link; Other UPI Gateway -> its payee id is the admin's
 * Google Pay id, so on Android the GPay intent, elsewhere the generic upi://pay link.
 */
export function paymentLink(method: PayMethod, p: UpiPayment, userAgent = ''): string {
  if (method === 'phonepe') return phonePeLink(p);
  return /android/i.test(userAgent) ? gpayIntent(p) : upiLink(p);
}

/** Hands the link to the phone (the payment app opens; the page stays). */
export function openPaymentApp(url: string): void {
  window.location.href = url;
}
