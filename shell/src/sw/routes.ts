/**
 * Which requests the service worker treats how (see sw.ts). Kept apart from the worker so that the
 * rules are unit-tested.
 */

/** The runtime config, the worker itself and the API: always from the network. */
export const NETWORK_ONLY = /(^|\/)(config\.json|sw\.js)$|^\/(api|operator|dev)(\/|$)/;

/**
 * What names the remotes' current builds (remotes.json, each remoteEntry.js or its mf-manifest.json):
 * from the network whenever it answers, so a remote deployed alone is picked up at the next load; the
 * last copy is kept and used offline only, so a family visited before opens without a connection.
 */
export const REMOTE_ENTRY = /(^|\/)(remoteEntry\.js|mf-manifest\.json|remotes\.json)$/;

/** A remote's content-hashed JS or CSS chunk (`/remotes/regular/7987.2fc3f8e487.js`). */
export const REMOTE_CHUNK = /\/remotes\/[a-z]+\/(.+\/)?[^/]*[.-][0-9a-f]{8,}\.(js|css)$/;

/** Navigations that are not the player app: the API, operator tools, server pages, standalone remotes. */
export const NOT_THE_APP = /^\/(api|operator|dev|remotes|console)(\/|$)|^\/charts\/[^/]/i;
