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

/**
 * A link that may be opened or stored: an http:// or https:// URL with no spaces (trimmed), else null.
 * Receipts, tutorial videos and operator links all pass through it.
 */
export function webLink(u: unknown): string | null {
  if (typeof u !== 'string') return null;
  const s = u.trim();
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(s)) return null;
  try {
    new URL(s);
    return s;
  } catch {
    return null;
  }
}

/** Side-menu username: first 10 characters (code points) followed by '...'. */
export function displayUsername(name: string): string {
  return `${Array.from(typeof name === 'string' ? name : '')
    .slice(0, 10)
    .join('')}...`;
}

/** Rate pair as shown on the rates panels: 'a-b'. */
export const formatRate = (v1: string | number, v2: string | number): string => `${v1}-${v2}`;

const IN_GROUPING = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * Points as every screen shows them: Indian digit grouping ('153775' -> '1,53,775'), the sign of a
 * signed amount kept ('+1500' -> '+1,500'). A value that is not a number is shown as given; none is '0'.
 */
export function formatPoints(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '0';
  const s = String(v).trim();
  const m = /^([+-]?)(\d+(?:\.\d+)?)$/.exec(s);
  if (typeof v === 'number' && Number.isFinite(v)) return IN_GROUPING.format(v);
  return m ? m[1] + IN_GROUPING.format(Number(m[2])) : s;
}
