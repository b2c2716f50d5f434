import { useState } from 'react';
import { selectSession, useAppSelector } from '@matka/shared';
import { LANGUAGES, setLanguage, t, useLanguage, type Language } from '@matka/shared/i18n';
import { saveAccountLanguage } from '../lib/accountLanguage';

/**
 * The language switch: each language by its own name; the choice is kept on this device and,
 * once logged in, on the account. A catalogue is fetched the first time its language is chosen;
 * meanwhile the switch says so.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const current = useLanguage();
  const [busy, setBusy] = useState<Language | null>(null);
  const [failed, setFailed] = useState(false);
  const token = useAppSelector(selectSession).unique_token;
  async function choose(lang: Language) {
    if (lang === current || busy) return;
    setBusy(lang);
    setFailed(false);
    try {
      await setLanguage(lang);
      if (token) void saveAccountLanguage(token, lang).catch(() => undefined);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className={`lang-switch ${className}`}>
      <div role="group" aria-label={t('language.label', 'Language')}>
        {LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            lang={l.code}
            className="lang-option"
            aria-pressed={current === l.code}
            disabled={busy !== null}
            onClick={() => void choose(l.code)}
          >
            {l.name}
          </button>
        ))}
      </div>
      {busy && (
        <p className="lang-status" role="status">
          {t('language.loading', 'Loading...')}
        </p>
      )}
      {failed && (
        <p className="lang-status form-error" role="alert">
          {t('language.failed', 'Could not load the language. Please try again.')}
        </p>
      )}
    </div>
  );
}
