/**
 * The server's one refusal style: a thrown Refusal, a message written for a person and the HTTP status
 * it goes with. Thrown by services and handlers alike (a service never returns a refusal as a value nor
 * builds a wire answer); the player API's defineCall answers it as {status:false,msg} and the operator
 * API as {status:false,msg,...extra}. Anything else that escapes a handler is a bug (logged, 500).
 */
import { SERVER_TEXTS, type Composed, type Message } from '@matka/shared/domain';
import { refusalCodeOfStatus } from '@matka/shared/contract';
import { refusalCode } from '@matka/shared/contract/schemas';
export class Refusal extends Error {
  /** a composed message's template and values: the player's language says it from its catalogue */
  readonly composed?: Composed;
  constructor(
    readonly statusCode: number,
    message: Message,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof message === 'string' ? message : message.text);
    if (typeof message !== 'string') this.composed = message;
  }
}

/**
 * A refusal of what the player asked (the spec's clients read {status:false,msg} answered with HTTP 200);
 * a malformed request is `new Refusal(400, ...)`.
 */
export const refusal = (msg: Message): Refusal => new Refusal(200, msg);

/** betting_status '0' (spec section 6): no bids and no wallet features that move or add points. */
export const MSG_BETTING_DISABLED = SERVER_TEXTS.bettingDisabled;

/**
 * The body of a refusal that is not a player call's (the framework's, the operator API's, a file's, a
 * stream's): its text and its code: the one given, else the catalogue id of a catalogue text, else the
 * code of its HTTP status (refusalCodes.ts).
 */
export function refusedBody(status: number, msg: string, code?: string) {
  return { status: false as const, msg, code: code ?? refusalCode(msg) ?? refusalCodeOfStatus(status) };
}
