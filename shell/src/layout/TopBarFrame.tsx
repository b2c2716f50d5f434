import { PageLoading } from '@matka/shared';
import { useLanguage } from '@matka/shared/i18n';
import { Ticker } from '../components/Ticker';
import { BRAND_NAME, brandTitle } from '../lib/brand';

/**
 * What a page with the top bar shows while the main layout's code loads: the bar's brand title in its
 * place (the menu and the balance come with the layout) and the loading state, instead of a bare
 * spinner. The first screen of a logged-in player then has its title at once, and nothing moves when
 * the real bar replaces this one.
 */
export function TopBarFrame() {
  useLanguage();
  return (
    <>
      <header className="topbar">
        <span className="topbar-menu topbar-menu-space" aria-hidden="true" />
        <div className="topbar-brand">
          <Ticker text={brandTitle()} label={BRAND_NAME} />
        </div>
      </header>
      <main className="page">
        <PageLoading />
      </main>
    </>
  );
}
