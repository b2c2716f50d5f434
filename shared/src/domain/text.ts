/** Text helpers with no dependencies: phone numbers and contact links, names, rates, the points label. */
export const POINTS_LABEL = 'pts';

export const PHONE_RE = /^[6-9]\d{9}$/;

export const isValidPhone = (s: string): boolean => typeof s === 'string' && PHONE_RE.test(s);

/** Contact number for links: 10 digits get '+91' in front, anything else is returned as is. */
export function contactNumber(n: string): string {
  const s = typeof n === 'string' ? n.trim() : '';
  return /^\d{10}$/.test(s) ? `+91${s}` : s;
}

/** WhatsApp chat link: 'https://wa.me/919876543210' (digits of contactNumber), optional prefilled text. */
export function whatsappLink(n: string, text?: string): string {
  const base = `https://wa.me/${contactNumber(n).replace(/\D/g, '')}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** Side-menu username: first 10 characters (code points) followed by '...'. */
export function displayUsername(name: string): string {
  return `${Array.from(typeof name === 'string' ? name : '')
    .slice(0, 10)
    .join('')}...`;
}

/** Rate pair as shown on the rates panels: 'a-b'. */
export const formatRate = (v1: string | number, v2: string | number): string => `${v1}-${v2}`;
