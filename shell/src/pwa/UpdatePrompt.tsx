import { useState, useSyncExternalStore } from 'react';
import { MSG, hasUnsentRows, onUnsentRows } from '@matka/shared';
import { Msg, t, useLanguage } from '@matka/shared/i18n';
import { familyUpdateWaiting, onFamilyUpdate } from '../federation/familyUpdates';
import { applyUpdate, onUpdateWaiting, updateWaiting } from './updates';

/**
 * 'A new version is available' with Reload (and Later), while a new version of the app (its service
 * worker) or of a family this tab loaded (deployed alone: federation/watch.ts) waits. Offered at a safe
 * moment only: never while a bid screen holds rows not yet sent (it shows once the slip is placed or
 * cleared).
 */
export function UpdatePrompt() {
  useLanguage();
  const app = useSyncExternalStore(onUpdateWaiting, updateWaiting, () => false);
  const family = useSyncExternalStore(onFamilyUpdate, familyUpdateWaiting, () => false);
  const unsent = useSyncExternalStore(onUnsentRows, hasUnsentRows, () => false);
  const [reloading, setReloading] = useState(false);
  const [later, setLater] = useState(false);
  if (!(app || family) || unsent || later) return null;
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
          // the app's new version takes over first (then reloads); a family's alone: a reload loads it
          if (app) applyUpdate();
          else window.location.reload();
        }}
      >
        {reloading ? t('update.reloading', 'Reloading...') : t('update.reload', 'Reload')}
      </button>
    </div>
  );
}
