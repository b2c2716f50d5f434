/**
 * The domain's composed texts (server refusals with figures, names and times), each once, with its
 * {placeholders}: the functions that write them fill these, and the server translates a refusal built from
 * one by its template ('tpl.<key>' in the messages catalogue), the values too where they are the game's
 * words or dates. English stays exactly as the functions wrote it before.
 */
export const TEMPLATES = {
  biddingClosed: 'Bidding is closed for {betType}',
  sessionClosed: '{session} bids are closed for {betType}; {other} bids are still taken.',
  numbersClosed: 'Closed for this session: {numbers}. The other numbers can still be placed.',
  numberNotValid: 'Number {n} is not valid',
  minAddAmount: 'Minimum amount to add is {min}',
  minWithdraw: 'Min amt is {min}',
  minBid: 'Required minimum bid amount is {min}',
  maxBid: 'Maximum bid amount is {max}',
  sessionMax: 'You can bid at most {max} points on {betType} in one session of this market ({left} left)',
  limitBid: 'This bid would pass your {period} {kind} limit of {points} points ({left} left). It resets on {time}.',
  limitDeposit:
    'This deposit request would pass your {period} {kind} limit of {points} points ({left} left). It resets on {time}.',
  excludedForGood:
    'You have excluded yourself from play permanently. Bids, deposits and transfers to and from you are closed.',
  excludedUntil:
    'You have excluded yourself from play until {time}. Bids, deposits and transfers to and from you are closed until then.',
  breakUntil:
    'You are taking a break until {time}. Bids, deposits and transfers to and from you are closed until then.',
  ageBeforePlay: 'Please confirm that you are 18 years of age or older before you play.',
  otpWait: 'Please wait {seconds} seconds before requesting a new OTP.',
  tooManyPending: 'You already have {count} pending fund requests. Please wait until they are processed.',
  maxAddAmount: 'Maximum amount to add is {max}',
  pointsTooMany: 'Points are too many (max {max})',
  addMethodFirst: 'Please add your {method} number first',
  pushCategories: 'Categories must be among {categories}',
} as const;
export type TemplateKey = keyof typeof TEMPLATES;

/** A template with its {placeholders} filled. */
export function fillTemplate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

/**
 * A composed text as the server refuses with it: the template's key and values (what a catalogue needs
 * to say it in another language, 'tpl.<key>') and its English.
 */
export interface Composed {
  readonly key: TemplateKey;
  readonly values: Readonly<Record<string, string | number>>;
  readonly text: string;
}
export const compose = (key: TemplateKey, values: Record<string, string | number> = {}): Composed => ({
  key,
  values,
  text: fillTemplate(TEMPLATES[key], values),
});

/** A refusal's message: one of the spec's fixed texts, or a composed one. */
export type Message = string | Composed;
export const messageText = (m: Message): string => (typeof m === 'string' ? m : m.text);

/**
 * One session of a market closed while the other still takes bids (its result was declared): the
 * refusal names it. '{session} bids are closed for {betType}; {other} bids are still taken.'
 */
export const sessionClosedMessage = (betType: string, session: 'Open' | 'Close'): string =>
  sessionClosedText(betType, session).text;
export const sessionClosedText = (betType: string, session: 'Open' | 'Close'): Composed =>
  compose('sessionClosed', { session, betType, other: session === 'Open' ? 'Close' : 'Open' });
/**
 * A liability cap closed some numbers of a bid: they are named, and the rest could still be placed.
 * 'Closed for this session: {numbers}. The other numbers can still be placed.'
 */
export const numbersClosedMessage = (numbers: readonly string[]): string => numbersClosedText(numbers).text;
export const numbersClosedText = (numbers: readonly string[]): Composed =>
  compose('numbersClosed', { numbers: numbers.join(', ') });
