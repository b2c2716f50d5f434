/**
 * How the shell learns which release of each family to load, and where it reports how they fare. Pure
 * data: the shell, the server and the tests read these names from here.
 */
export const RELEASES_HTTP = {
  /** `{ <family>: <its remoteEntry.js URL>, …, releases: { <family>: <version> } }` for this player */
  remotes: '/remotes.json',
  /** the key of /remotes.json's answer that names each family's release */
  versionsKey: 'releases',
  /**
   * the player's token: the server draws a canary's players by account (the same release on every
   * device); before login every device gets the stable release. The cohort is the server's choice: no
   * parameter of the client picks it.
   */
  tokenHeader: 'x-unique-token',
  /** POST, a FamilyHealthSchema body: pages shown, loads failed and errors, by family and release */
  health: '/telemetry/families',
} as const;
