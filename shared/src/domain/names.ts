/**
 * A player's display name (registration and profile): letters of any script, digits, spaces and
 * . ' _ - only, and at least one letter. The server refuses anything else; the forms say so before any
 * call (a code is not sent for a registration the server would refuse).
 */
export const NAME_RE = /^[\p{L}\p{M}\p{N} .'_-]+$/u;
export const MSG_NAME_INVALID = "Name may only contain letters, digits, spaces and . ' _ -";
export const MSG_NAME_NEEDS_LETTER = 'Name must contain a letter';
/** The longest display name. */
export const NAME_MAX = 60;

/** What is wrong with a (non-empty, trimmed) display name, or null. */
export function displayNameProblem(name: string): string | null {
  if (name.length > NAME_MAX) return `Too long (max ${NAME_MAX} characters)`;
  if (!NAME_RE.test(name)) return MSG_NAME_INVALID;
  if (!/\p{L}/u.test(name)) return MSG_NAME_NEEDS_LETTER;
  return null;
}
