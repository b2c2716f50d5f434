/** Support contact links (spec sections 1 and 8): WhatsApp, Telegram, phone call. */
import { contactNumber, MSG, notify, whatsappLink } from '@matka/shared';

export type ContactKind = 'whatsapp' | 'telegram' | 'call';

/** The link for a contact, or null when the number is missing. */
export function contactHref(kind: ContactKind, number: string | null | undefined): string | null {
  const n = (number ?? '').trim();
  if (!/\d{6,}/.test(n)) return null;
  if (kind === 'whatsapp') return whatsappLink(n);
  if (kind === 'telegram') return `https://t.me/${contactNumber(n)}`;
  return `tel:${contactNumber(n)}`;
}

/** Opens a contact link; a missing number or a blocked window shows 'Unable to initiate contact. Please try again.' */
export function openContact(kind: ContactKind, number: string | null | undefined): void {
  const href = contactHref(kind, number);
  try {
    if (!href) throw new Error('no contact number');
    if (kind === 'call') {
      window.location.href = href;
      return;
    }
    const w = window.open(href, '_blank', 'noopener,noreferrer');
    // With noopener most browsers return null even on success; only an exception means failure.
    void w;
  } catch {
    notify.error(MSG.contactFailed);
  }
}
