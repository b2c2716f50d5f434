/**
 * Which requests the service worker treats how (see sw.ts). Kept apart from the worker so that the
 * rules are unit-tested.
 */

/** Files that name the current build, and the API: always from the network. */
export const NETWORK_ONLY =
  /(^|\/)(remoteEntry\.js|mf-manifest\.json|remotes\.json|config\.json|sw\.js)$|^\/(api|operator|dev)(\/|$)/;

/** A remote's content-hashed JS or CSS chunk (`/remotes/regular/7987.2fc3f8e487.js`). */
export const REMOTE_CHUNK = /\/remotes\/[a-z]+\/(.+\/)?[^/]*[.-][0-9a-f]{8,}\.(js|css)$/;

/** Navigations that are not the player app: the API, operator tools, server pages, standalone remotes. */
export const NOT_THE_APP = /^\/(api|operator|dev|remotes|console)(\/|$)|^\/charts\/[^/]/i;
