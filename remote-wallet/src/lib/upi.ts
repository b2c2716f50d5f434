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
 * The link a method opens: PhonePe -> PhonePe's link; Other UPI Gateway -> the generic upi://pay link,
 * so the phone offers its chooser of every UPI app (not the Google Pay intent, which would pin GPay).
 * The GPay intent is only for a place that explicitly means Google Pay.
 */
export function paymentLink(method: PayMethod, p: UpiPayment): string {
  return method === 'phonepe' ? phonePeLink(p) : upiLink(p);
}

/** Hands the link to the phone (the payment app opens; the page stays). */
export function openPaymentApp(url: string): void {
  window.location.href = url;
}
