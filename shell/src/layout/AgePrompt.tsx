import { t, tMsg, useLanguage } from '@matka/shared/i18n';
import { useEffect, useState } from 'react';
import { AGE_DECLARATION, selectIsLoggedIn, useAppSelector } from '@matka/shared';
import { Modal } from '@matka/shared/ui';
import { useProtectionQuery, useSettled } from '@matka/shared/api';
import { useShellConfirmAgeMutation } from '../api';

const ASKED_KEY = 'matka.age-asked';

function askedHere(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * An account made by another app (which could not show the age box at registration) is asked once, on
 * this device, the next time the player uses this app. 'Not now' is remembered here; the
 * player can confirm later on Responsible Play, and an operator can require it before any bid.
 */
export function AgePrompt() {
  useLanguage();
  const [asked, setAsked] = useState(askedHere);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  // asked once the first screen is done (it shows nothing of it)
  const settled = useSettled();
  const q = useProtectionQuery(undefined, { skip: asked || !loggedIn || !settled });
  const [confirm, { isLoading }] = useShellConfirmAgeMutation();
  const done = () => {
    try {
      localStorage.setItem(ASKED_KEY, '1');
    } catch {
      // private mode: asked again next time
    }
    setAsked(true);
  };
  const declared = q.data?.age_declared === true;
  // an account that has declared it is never asked on this device: no call for it at the next start
  useEffect(() => {
    if (declared) done();
  }, [declared]);
  if (asked || !loggedIn || !q.data || q.data.age_declared !== false) return null;
  return (
    <Modal title={t('age.title', 'Before you play')} onClose={done} dismissible={!isLoading}>
      <p>{tMsg(AGE_DECLARATION)}.</p>
      <p>{t('age.adults', 'This game is for adults only.')}</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={done} disabled={isLoading}>
          {t('age.notNow', 'Not now')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={isLoading}
          onClick={() => void confirm().then(done)}
        >
          {isLoading ? t('age.saving', 'Saving...') : t('age.confirm', 'I confirm')}
        </button>
      </div>
    </Modal>
  );
}
