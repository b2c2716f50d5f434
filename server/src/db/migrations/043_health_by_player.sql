-- How each release fares, per reporting player (services/releases.ts). Only signed-in players' reports
-- count, a few a window each; a canary is rolled back by itself only when enough distinct players saw it
-- fail, and judged by the share of its players who did: one phone, or one forger, counts once whatever it
-- sends. family_health keeps the totals the Families screen shows.
CREATE TABLE family_health_players (
  family text NOT NULL,
  version text NOT NULL,
  user_id bigint NOT NULL,
  page_views bigint NOT NULL DEFAULT 0,
  failures bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (family, version, user_id)
);
