import { Link } from 'react-router-dom';
import { marketResultText, POLLING, useHomeInfoQuery } from '@matka/shared';

export default function HomePage() {
  const { data, isLoading } = useHomeInfoQuery(undefined, POLLING);
  const markets = data?.result ?? [];
  return (
    <section>
      <h1 className="page-title">Markets</h1>
      {isLoading && <p>Loading...</p>}
      <nav className="tile-row">
        <Link to="/star">Starline</Link>
        <Link to="/galiIMP">Gali Disawar</Link>
        <Link to="/wallet">Wallet</Link>
      </nav>
      <ul className="market-list">
        {markets.map((m) => (
          <li key={m.game_id} className="card market-card">
            <strong>{m.game_name}</strong>
            <span>{marketResultText(m)}</span>
            <span>{String(m.msg_status) === '1' ? 'Market Open' : 'Market Closed'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
