import { Msg } from '@matka/shared/i18n';
import { isOk, MSG, PageLoading } from '@matka/shared';
import { EmptyState } from '@matka/shared/ui';
import { sanitizeHtml } from '@matka/shared/html';
import { contentLanguage, t, useLanguage } from '@matka/shared/i18n';
import { useWalletRulesQuery } from '../api';

/** /depositrule and /withdrawrule: the operator's rule text. */
export function RulePage({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  const { data, isLoading, isError } = useWalletRulesQuery(contentLanguage(useLanguage()));
  const content = isOk(data) ? data?.content?.[0] : undefined;
  const html = kind === 'deposit' ? content?.deposit_rule : content?.withdrawal_rule;
  return (
    <section className="wallet-page">
      <h1 className="page-title">
        {kind === 'deposit' ? t('wallet.depositRule', 'Deposit Rule') : t('wallet.withdrawRule', 'Withdraw Rule')}
      </h1>
      {isLoading ? (
        <PageLoading />
      ) : isError || !html ? (
        <EmptyState>
          <Msg text={MSG.noDataFound} />
        </EmptyState>
      ) : (
        <article className="card rule-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      )}
    </section>
  );
}
