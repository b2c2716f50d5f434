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

/** A refusal in the player API's envelope: {status:false, msg} (answered with HTTP 200 unless said). */
export const refuse = (msg: string) => ({ status: false as const, msg });

/** betting_status '0' (spec section 6): no bids and no wallet features that move or add points. */
export const MSG_BETTING_DISABLED = 'Betting is disabled for your account';
