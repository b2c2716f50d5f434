import { useMemo } from 'react';
import { BRAND_NAME } from '../lib/brand';
import { PageHeader } from '@matka/shared/ui';
import { useShellPrivacyPolicyQuery } from '../api';
import { contentLanguage, t, useLanguage } from '@matka/shared/i18n';
import { sanitizeHtml } from '@matka/shared/html';

/**
 * /privacy and /privacypolicy: the privacy policy, with a back button: the operator's text (Settings in
 * the console, sanitized like How To Play) or, when there is none or it cannot be read, the built-in one.
 */
export default function PrivacyPage() {
  const { data, isLoading } = useShellPrivacyPolicyQuery(contentLanguage(useLanguage()));
  const html = useMemo(() => sanitizeHtml(data?.privacy_policy ?? ''), [data?.privacy_policy]);
  return (
    <section>
      <PageHeader title={t('menu.privacy', 'Privacy Policy')} back />
      {isLoading ? (
        <p className="card" role="status">
          {t('privacy.loading', 'Loading...')}
        </p>
      ) : html ? (
        <article className="card rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <BuiltInPolicy />
      )}
    </section>
  );
}

/** The policy the app ships with (in the language in use; an operator's own policy replaces it). */
function BuiltInPolicy() {
  useLanguage();
  return (
    <article className="card rich-text">
      <p>
        {t(
          'privacy.intro',
          'This policy explains what {brand} collects when you use the app and how it is used. By using the app you agree to it.',
          { brand: BRAND_NAME },
        )}
      </p>
      <h2>{t('privacy.collect', 'What we collect')}</h2>
      <ul>
        <li>{t('privacy.c1', 'Your name and 10-digit mobile number, given when you register.')}</li>
        <li>{t('privacy.c2', 'Your password, stored only as a one-way hash on our server; never in your browser.')}</li>
        <li>
          {t(
            'privacy.c3',
            'Your bids, wins, deposits, withdrawals, transfers and the payment-app numbers you add for withdrawals.',
          )}
        </li>
        <li>
          {t('privacy.c4', 'Technical data needed to run the service, such as your session token and IP address.')}
        </li>
      </ul>
      <h2>{t('privacy.use', 'How we use it')}</h2>
      <ul>
        <li>{t('privacy.u1', 'To run your account and wallet, settle bids and pay withdrawals.')}</li>
        <li>
          {t(
            'privacy.u2',
            'To send one-time codes to your mobile number for registration, password reset and payment details.',
          )}
        </li>
        <li>{t('privacy.u3', 'To prevent fraud and abuse, for example by limiting repeated login attempts.')}</li>
      </ul>
      <h2>{t('privacy.sharing', 'Sharing')}</h2>
      <p>
        {t(
          'privacy.share',
          'We do not sell your data. Payment details are shared only with the payment apps you choose, to pay you.',
        )}
      </p>
      <h2>{t('privacy.choices', 'Your choices')}</h2>
      <p>
        {t(
          'privacy.choice',
          'You can change your name and password in the app at any time. To delete your account and data, see the data deletion policy on the About page or contact support.',
        )}
      </p>
      <h2>{t('privacy.age', 'Age')}</h2>
      <p>
        {t(
          'privacy.ageText',
          'The app is not for anyone under 13 years of age, and we do not knowingly collect their data.',
        )}
      </p>
    </article>
  );
}
