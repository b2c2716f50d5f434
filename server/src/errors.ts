/**
 * The server's one refusal type: a message written for a person and the HTTP status it goes with.
 * Thrown by services and handlers; the player API answers it as {status:false,msg} and the operator
 * API as {status:false,msg,...extra}. Anything else that escapes a handler is a bug (logged, 500).
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** betting_status '0' (spec section 6): no bids and no wallet features that move or add points. */
export const MSG_BETTING_DISABLED = 'Betting is disabled for your account';
