import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../lib/brand';
import { PageHeader } from '@matka/shared';

/** /about and /delete: about the app and the data deletion policy (not for under 13 years). */
export default function AboutPage() {
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
      <PageHeader title={deletion ? 'Data Deletion Policy' : 'About Us'} back />
      <article className="card rich-text">
        <p>
          {BRAND_NAME} lets you play regular markets, Starline and Gali Disawar with a points wallet, and follow
          results, charts and your bid and win history from your phone.
        </p>
        <p className="age-notice" role="note">
          <strong>Not for under 13 years.</strong> You must be at least 13 years old to use this app.
        </p>
        <h2 id="delete">Data deletion policy</h2>
        <p>You can ask us to delete your account and the personal data linked to it at any time:</p>
        <ol>
          <li>
            Contact Customer Support from the home screen (WhatsApp, Telegram or call) from your registered number.
          </li>
          <li>
            Ask for account deletion. Withdraw any remaining points first; points left in a deleted account cannot be
            paid out.
          </li>
          <li>We delete your name, mobile number, payment-app numbers and sessions within 30 days.</li>
        </ol>
        <p>
          Records of transactions that the law requires us to keep are retained for the required period and then
          deleted.
        </p>
      </article>
    </section>
  );
}
