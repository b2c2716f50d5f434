import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker module handed back when a remote cannot be loaded; `loadFamily` turns it into an error. */
export const UNAVAILABLE = { __remoteUnavailable: true } as const;

/**
 * Keeps a remote that is down from breaking the shell: the failure is logged and the load resolves
 * to a marker, which the family's RemoteBoundary shows as 'This section is unavailable right now.'
 */
export default function errorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'matka-remote-error',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] ${id} failed at ${lifecycle}:`, error);
      if (lifecycle === 'onLoad') return () => UNAVAILABLE;
      return undefined;
    },
  };
}
