import { AGE_DECLARATION, MSG_AGE_REQUIRED, MSG_NUMBER_CLOSED } from './messages';
import { PLAYER_PASSWORD_HINT } from './passwords';

/**
 * The domain's other fixed texts that a player reads (beside the spec's MSG): translated like MSG, by
 * their English, as 'msg.<key>' in the messages catalogue (shared/src/i18n/locales), on the screens
 * (tMsg) and in the server's refusals (server/src/http/language.ts).
 */
export const TEXTS = {
  ageDeclaration: AGE_DECLARATION,
  ageRequired: MSG_AGE_REQUIRED,
  numberClosed: MSG_NUMBER_CLOSED,
  playerPasswordHint: PLAYER_PASSWORD_HINT,
} as const;
