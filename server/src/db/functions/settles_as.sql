-- settles_as: its one current definition. Applied with CREATE OR REPLACE after the migrations, on every
-- start (db/migrate.ts); first made by migration 032_limits_by_settlement. Change it here, never in a migration.
--
-- Bet limits and liability caps by what a row settles as, not by the screen it came from: a pana placed
-- through SP Motor or SP DP TP is a single (double, triple) pana like one placed as such, so the limits set
-- for Single Pana and the number's one liability row apply to it wherever it was placed.
--   - settles_as(bet type, digits): the bet type a row is paid as (the domain's settlementType; a server
--     test checks that the two agree for every bet type).
--   - bet_rule_hit: each row answers to the limits of its screen's bet type and of what it settles as;
--     a session maximum counts every bid of the session that answers to it, whatever its screen.
--   - take_liability and number_liability: one row per number as it settles (the rows kept by screen
--     until now are added up into it).
CREATE OR REPLACE FUNCTION public.settles_as(p_bet_type text, p_digits text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE p_bet_type
    WHEN 'sp_motor' THEN 'single_pana'
    WHEN 'dp_motor' THEN 'double_pana'
    WHEN 'sp_dp_tp' THEN CASE
      WHEN p_digits !~ '^[0-9]{3}$' THEN 'single_pana'
      WHEN substr(p_digits, 1, 1) = substr(p_digits, 2, 1) AND substr(p_digits, 2, 1) = substr(p_digits, 3, 1)
        THEN 'triple_pana'
      WHEN substr(p_digits, 1, 1) IN (substr(p_digits, 2, 1), substr(p_digits, 3, 1))
        OR substr(p_digits, 2, 1) = substr(p_digits, 3, 1)
        THEN 'double_pana'
      ELSE 'single_pana' END
    ELSE p_bet_type END
$function$;
