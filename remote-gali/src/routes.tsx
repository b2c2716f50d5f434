import type { RouteObject } from 'react-router-dom';
import { pathsOf, selectHome, useAppSelector, withFamilyRoot } from '@matka/shared';

// Scaffold: the family's screens replace this page (see the family's issue).
function FamilyPage() {
  const { wallet_amt } = useAppSelector(selectHome);
  return (
    <section className="card">
      <h1 className="page-title">gali</h1>
      <p>{wallet_amt}</p>
    </section>
  );
}

export const routes: RouteObject[] = withFamilyRoot(
  'gali',
  pathsOf('gali').map((path) => ({ path, element: <FamilyPage /> })),
);
