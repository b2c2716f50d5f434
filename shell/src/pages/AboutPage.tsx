import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../lib/brand';
import { PageHeader } from '@matka/shared/ui';
import { t, useLanguage } from '@matka/shared/i18n';

/** /about and /delete: about the app and the data deletion policy (not for under 13 years). */
export default function AboutPage() {
  useLanguage();
  const deletion = useLocation().pathname.toLowerCase() === '/delete';
  // /delete opens at the deletion policy
  useEffect(() => {
    if (!deletion) return;
    // after the layout's scroll-to-top of the same route change
    const t = setTimeout(() => document.getElementById('delete')?.scrollIntoView?.(), 0);
    return () => clearTimeout(t);
  }, [deletion]);
  return (
    <section>
      <PageHeader
        title={deletion ? t('about.deletionTitle', 'Data Deletion Policy') : t('about.title', 'About Us')}
        back
      />
      <article className="card rich-text">
        <p>
          {t(
            'about.what',
            '{brand} lets you play regular markets, Starline and Gali Disawar with a points wallet, and follow results, charts and your bid and win history from your phone.',
            { brand: BRAND_NAME },
          )}
        </p>
        <p className="age-notice" role="note">
          <strong>{t('about.age', 'Not for under 13 years.')}</strong>{' '}
          {t('about.ageRule', 'You must be at least 13 years old to use this app.')}
        </p>
        <h2 id="delete">{t('about.deletion', 'Data deletion policy')}</h2>
        <p>
          {t('about.canAsk', 'You can ask us to delete your account and the personal data linked to it at any time:')}
        </p>
        <ol>
          <li>
            {t(
              'about.step1',
              'Contact Customer Support from the home screen (WhatsApp, Telegram or call) from your registered number.',
            )}
          </li>
          <li>
            {t(
              'about.step2',
              'Ask for account deletion. Withdraw any remaining points first; points left in a deleted account cannot be paid out.',
            )}
          </li>
          <li>
            {t('about.step3', 'We delete your name, mobile number, payment-app numbers and sessions within 30 days.')}
          </li>
        </ol>
        <p>
          {t(
            'about.records',
            'Records of transactions that the law requires us to keep are retained for the required period and then deleted.',
          )}
        </p>
      </article>
    </section>
  );
}
