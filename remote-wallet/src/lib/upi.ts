/**
 * UPI deep links for Add Funds (spec sections 2 and 9): payee id, name, amount, note 'Add Funds', INR.
 * A link is only made for a request the server has accepted: the note carries its number ('Add Funds
 * D41'), so the operator matches the payment to the request.
 */
import { UPI_NOTE, upiPayUri, upiQuery } from '@matka/shared/domain';
import { t } from '@matka/shared/i18n';
export type PayMethod = 'phonepe' | 'other';

/** The methods of Add Funds; their labels in the language in use (PhonePe is the app's own name). */
export const PAY_METHODS: { value: PayMethod; label: () => string }[] = [
  { value: 'phonepe', label: () => 'PhonePe' },
  { value: 'other', label: () => t('addfund.otherGateway', 'Other UPI Gateway') },
];

/** A deposit's payment: payee id and name, the amount in rupees and the accepted request's number. */
export interface DepositPayment {
  pa: string;
  pn: string;
  am: number;
  /** the request's number (D41): the note reads 'Add Funds D41' */
  ref?: string;
}

/** The note of a deposit's payment: 'Add Funds', then the request's number when there is one. */
export const depositNote = (ref?: string): string => (ref ? `${UPI_NOTE} ${ref}` : UPI_NOTE);

const GPAY_PACKAGE = 'com.google.android.apps.nbu.paisa.user';
/** The query of a deposit's link: the domain's one UPI encoding, with the note 'Add Funds'. */
const depositQuery = ({ ref, ...p }: DepositPayment) => upiQuery({ ...p, tn: depositNote(ref) });

/** Generic link: every UPI app registers upi://, the phone offers its chooser. */
export const upiLink = ({ ref, ...p }: DepositPayment): string => upiPayUri({ ...p, tn: depositNote(ref) });
/** PhonePe's own scheme. */
export const phonePeLink = (p: DepositPayment): string => `phonepe://pay?${depositQuery(p)}`;
/** Android intent for Google Pay. */
export const gpayIntent = (p: DepositPayment): string =>
  `intent://pay?${depositQuery(p)}#Intent;scheme=upi;package=${GPAY_PACKAGE};end`;

/**
 * The link a method opens: PhonePe -> PhonePe's link; Other UPI Gateway -> the generic upi://pay link,
 * so the phone offers its chooser of every UPI app (not the Google Pay intent, which would pin GPay).
 * The GPay intent is only for a place that explicitly means Google Pay.
 */
export function paymentLink(method: PayMethod, p: DepositPayment): string {
  return method === 'phonepe' ? phonePeLink(p) : upiLink(p);
}

/** Hands the link to the phone (the payment app opens; the page stays). */
export function openPaymentApp(url: string): void {
  window.location.href = url;
}
