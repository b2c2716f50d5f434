import type { ReactNode } from 'react';
import { selectSession, useAppSelector, type RemoteFamily } from '@matka/shared';

/**
 * Wraps every page a remote renders: marks which family drew it and which session (from the shared
 * store) it sees, so the shell, QA and the browser tests can tell that a remote runs on the shell's store.
 */
export function FamilyRoot({ family, build, children }: { family: RemoteFamily; build?: string; children: ReactNode }) {
  const { username } = useAppSelector(selectSession);
  return (
    <div
      className="family-root"
      data-family={family}
      data-build={build || undefined}
      data-session-user={username ?? ''}
    >
      {children}
    </div>
  );
}

/**
 * Wraps a remote's route objects in FamilyRoot. `build` is the remote's own build label (its
 * MATKA_BUILD_ID at build time, compiled into the remote's code), shown as data-build: which build of
 * a family is on screen.
 */
export function withFamilyRoot<T extends { element?: ReactNode }>(
  family: RemoteFamily,
  routes: T[],
  build?: string,
): T[] {
  return routes.map((r) => ({
    ...r,
    element: (
      <FamilyRoot family={family} build={build}>
        {r.element}
      </FamilyRoot>
    ),
  }));
}
