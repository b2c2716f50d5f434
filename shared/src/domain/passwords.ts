/**
 * New passwords: how short a password may be when it is chosen. Logging in with an
 * older, shorter password still works; only registration, a reset and a change are held to this.
 * Spaces at the ends do not count, so a password of spaces alone is never long enough.
 */
export const PLAYER_PASSWORD_MIN = 8;
export const PLAYER_PASSWORD_RULE = `Password must be at least ${PLAYER_PASSWORD_MIN} characters`;
/** The line under a new-password field. */
export const PLAYER_PASSWORD_HINT = `At least ${PLAYER_PASSWORD_MIN} characters`;

/** True when a newly chosen password has at least `min` characters besides spaces at its ends. */
export const longEnoughPassword = (password: string, min: number = PLAYER_PASSWORD_MIN): boolean =>
  password.trim().length >= min;
