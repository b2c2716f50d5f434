import { Link, useLocation } from 'react-router-dom';
import { EmptyState, isOk, MSG, PageLoading, Tile, TileGrid } from '@matka/shared';
import { useWalletRulesQuery } from '../api';
import { WinCard, type Row } from '../history/cards';
import { sanitizeHtml } from '@matka/shared/html';

/** /depositrule and /withdrawrule: the operator's rule text. */
export function RulePage({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  const { data, isLoading, isError } = useWalletRulesQuery();
  const content = isOk(data) ? data?.content?.[0] : undefined;
  const html = kind === 'deposit' ? content?.deposit_rule : content?.withdrawal_rule;
  return (
    <section className="wallet-page">
      <h1 className="page-title">{kind === 'deposit' ? 'Deposit Rule' : 'Withdraw Rule'}</h1>
      {isLoading ? (
        <PageLoading />
      ) : isError || !html ? (
        <EmptyState>{MSG.noDataFound}</EmptyState>
      ) : (
        <article className="card rule-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      )}
    </section>
  );
}

const MENU: { label: string; to: string; icon: string }[] = [
  { label: 'Deposit History', to: '/AddFundHistory', icon: '₹' },
  { label: 'Wallet History', to: '/transaction', icon: 'W' },
  { label: 'Main Bid-History', to: '/imp4', icon: 'B' },
  { label: 'Main Win-History', to: '/imp3', icon: 'W' },
  { label: 'Starline Bid-History', to: '/imp5', icon: 'S' },
  { label: 'Starline Win-History', to: '/imp6', icon: 'S' },
  { label: 'Gali Bid-History', to: '/impbid', icon: 'G' },
  { label: 'Gali Win-History', to: '/impwin', icon: 'G' },
];

/** /histories: the eight history screens. */
export function HistoriesMenu() {
  return (
    <section className="wallet-page">
      <h1 className="page-title">Histories</h1>
      <TileGrid label="Histories">
        {MENU.map((m) => (
          <Tile key={m.to} label={m.label} to={m.to} icon={m.icon} />
        ))}
      </TileGrid>
    </section>
  );
}

/** /windata: one win record passed in navigation state (from a win history card). */
export function WinDataPage() {
  const win = (useLocation().state as { win?: unknown } | null)?.win;
  const row = win && typeof win === 'object' ? (win as Row) : null;
  return (
    <section className="wallet-page">
      <h1 className="page-title">Win Details</h1>
      {row ? (
        <WinCard row={row} detail />
      ) : (
        <div className="card">
          <p>No win record selected. Open a win from your win history.</p>
          <Link className="btn btn-primary btn-block" to="/imp3">
            Win History
          </Link>
        </div>
      )}
    </section>
  );
}
