import { Link } from 'react-router-dom';
import { selectBettingOn, selectHome, selectIsLoggedIn, useAppSelector, useHomeInfoQuery } from '@matka/shared';

/** Brand, and the wallet balance when betting is on (links to /imp7). */
export function TopBar() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useHomeInfoQuery(undefined, { skip: !loggedIn });
  const home = useAppSelector(selectHome);
  const bettingOn = useAppSelector(selectBettingOn);
  return (
    <header className="topbar">
      <span className="topbar-brand">Matka Play</span>
      {loggedIn && bettingOn && (
        <Link to="/imp7" className="topbar-wallet" aria-label="Wallet balance">
          <span data-testid="topbar-wallet">{home.wallet_amt ?? '0'}</span>
        </Link>
      )}
    </header>
  );
}
