/**
 * How the shell learns which release of each family to load, and where it reports how they fare. Pure
 * data: the shell, the server and the tests read these names from here.
 */
export const RELEASES_HTTP = {
  /** `{ <family>: <its remoteEntry.js URL>, …, releases: { <family>: <version> } }` for this player */
  remotes: '/remotes.json',
  /** the key of /remotes.json's answer that names each family's release */
  versionsKey: 'releases',
  /** the player's token, so that a player gets the same release on every device */
  tokenHeader: 'x-unique-token',
  /** a random id the shell keeps on the device: the same release on every load before login */
  deviceParam: 'device',
  /** POST, a FamilyHealthSchema body: pages shown, loads failed and errors, by family and release */
  health: '/telemetry/families',
} as const;
