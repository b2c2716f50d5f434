-- Each market family's builds, kept side by side: a release is a build players can be sent to, either
-- this server's copy of it (RELEASES_DIR/<family>/<version>) or a build hosted elsewhere (url).
CREATE TABLE family_releases (
  family text NOT NULL CHECK (family IN ('regular', 'starline', 'gali', 'wallet')),
  version text NOT NULL CHECK (version ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  PRIMARY KEY (family, version)
);

-- Which release each family's players get: the stable one, and a canary for a share of them. The stables
-- before the current one (newest last) are where a rollback goes.
CREATE TABLE family_channels (
  family text PRIMARY KEY CHECK (family IN ('regular', 'starline', 'gali', 'wallet')),
  stable text NOT NULL,
  earlier text[] NOT NULL DEFAULT '{}',
  canary text,
  canary_percent integer CHECK (canary_percent BETWEEN 1 AND 99),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((canary IS NULL) = (canary_percent IS NULL)),
  FOREIGN KEY (family, stable) REFERENCES family_releases (family, version),
  FOREIGN KEY (family, canary) REFERENCES family_releases (family, version)
);

-- How each release fares on players' phones: the pages it served, the loads that failed and the errors
-- thrown inside it, as the shell reports them (no personal data).
CREATE TABLE family_health (
  family text NOT NULL,
  version text NOT NULL,
  page_views bigint NOT NULL DEFAULT 0,
  load_failures bigint NOT NULL DEFAULT 0,
  errors bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (family, version)
);
