import { Msg } from '@matka/shared/i18n';
import { useState, useSyncExternalStore } from 'react';
import { MSG } from '@matka/shared';
import { applyUpdate, onUpdateWaiting, updateWaiting } from './updates';

/** 'A new version is available' with Reload (and Later), while a new version of the app waits. */
export function UpdatePrompt() {
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
        Later
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
        {reloading ? 'Reloading...' : 'Reload'}
      </button>
    </div>
  );
}
