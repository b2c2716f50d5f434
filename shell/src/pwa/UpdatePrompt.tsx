import { useState, useSyncExternalStore } from 'react';
import { MSG } from '@matka/shared';
import { Msg, t, useLanguage } from '@matka/shared/i18n';
import { applyUpdate, onUpdateWaiting, updateWaiting } from './updates';

/** 'A new version is available' with Reload (and Later), while a new version of the app waits. */
export function UpdatePrompt() {
  useLanguage();
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting, () => false);
  const [reloading, setReloading] = useState(false);
  const [later, setLater] = useState(false);
  if (!waiting || later) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>
        <Msg text={MSG.newVersion} />
      </span>
      <button type="button" className="btn btn-secondary" onClick={() => setLater(true)} disabled={reloading}>
        {t('update.later', 'Later')}
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={reloading}
        aria-busy={reloading || undefined}
        onClick={() => {
          setReloading(true);
          applyUpdate();
        }}
      >
        {reloading ? t('update.reloading', 'Reloading...') : t('update.reload', 'Reload')}
      </button>
    </div>
  );
}
