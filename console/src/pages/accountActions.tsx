/**
 * What an operator may do to a player account, asked in one confirmation dialog (the Users list and one
 * user's page both use it): betting on/off, approve, block (with a reason), unblock, force logout, and
 * credit or debit with points and a reason. The dialog cannot be sent twice; the server's refusal stays
 * in it.
 */
import { useState } from 'react';
import { messageOf, useChangeAccountMutation, type AccountAction, type UserRow } from '../api';
import { ConfirmDialog } from '../parts';

export type ActionName = AccountAction['action'];

interface ActionText {
  title: (u: UserRow) => string;
  effect: string;
  confirm: string;
  busy: string;
  danger?: boolean;
  /** asks for a reason (block, credit, debit) */
  reason?: boolean;
  /** asks for points (credit, debit) */
  points?: boolean;
}

const ACTIONS: Record<ActionName, ActionText> = {
  'betting-on': {
    title: (u) => `Turn betting on for ${u.mobile}?`,
    effect: 'The player can bid, add funds, withdraw and transfer again.',
    confirm: 'Confirm',
    busy: 'Saving...',
  },
  'betting-off': {
    title: (u) => `Turn betting off for ${u.mobile}?`,
    effect: 'The player can no longer bid or move money; the lists stay open.',
    confirm: 'Confirm',
    busy: 'Saving...',
    danger: true,
  },
  approve: {
    title: (u) => `Approve ${u.mobile}?`,
    effect: 'The account was registered without a verified code. Approving it allows betting and money movements.',
    confirm: 'Approve',
    busy: 'Approving...',
  },
  'approve-upi': {
    title: (u) => `Approve the UPI numbers of ${u.mobile}?`,
    effect:
      'The player saved them in an app that checks codes on the phone, so nothing proved they are theirs. Check them with the player first: withdrawals may then go to them.',
    confirm: 'Approve',
    busy: 'Approving...',
  },
  block: {
    title: (u) => `Block ${u.mobile}?`,
    effect: 'The player is signed out everywhere and cannot log in until the account is unblocked.',
    confirm: 'Block',
    busy: 'Blocking...',
    danger: true,
    reason: true,
  },
  unblock: {
    title: (u) => `Unblock ${u.mobile}?`,
    effect: 'The player can log in again.',
    confirm: 'Unblock',
    busy: 'Unblocking...',
  },
  logout: {
    title: (u) => `Log ${u.mobile} out everywhere?`,
    effect: 'Every session of the player ends at once; the player can log in again.',
    confirm: 'Log out',
    busy: 'Logging out...',
    danger: true,
  },
  'lift-exclusion': {
    title: (u) => `End ${u.mobile}'s self-exclusion now?`,
    effect:
      'The player excluded themselves. Only do this on their written request, checked with them. They can play again at once; they are told, and the reason is kept in the audit log and in their history.',
    confirm: 'End the exclusion',
    busy: 'Saving...',
    danger: true,
    reason: true,
  },
  credit: {
    title: (u) => `Credit points to ${u.mobile}?`,
    effect: 'The points are added to the wallet with a ledger row that carries the reason.',
    confirm: 'Credit',
    busy: 'Crediting...',
    reason: true,
    points: true,
  },
  debit: {
    title: (u) => `Debit points from ${u.mobile}?`,
    effect: 'The points are taken from the wallet with a ledger row that carries the reason.',
    confirm: 'Debit',
    busy: 'Debiting...',
    danger: true,
    reason: true,
    points: true,
  },
};

/** The label of the button that opens an action (its accessible name adds the mobile). */
export const ACTION_LABELS: Record<ActionName, string> = {
  'betting-on': 'Betting on',
  'betting-off': 'Betting off',
  approve: 'Approve',
  'approve-upi': 'Approve UPI numbers',
  block: 'Block',
  unblock: 'Unblock',
  logout: 'Force logout',
  'lift-exclusion': 'End self-exclusion',
  credit: 'Credit',
  debit: 'Debit',
};

/** ask(user, action) opens the confirmation; render `dialog`; `done` is the last action's message. */
export function useAccountAction() {
  const [change, changeState] = useChangeAccountMutation();
  const [asking, setAsking] = useState<{ user: UserRow; action: ActionName } | null>(null);
  const [reason, setReason] = useState('');
  const [points, setPoints] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const busy = changeState.isLoading;

  const ask = (user: UserRow, action: ActionName) => {
    setAsking({ user, action });
    setReason('');
    setPoints('');
    setError('');
    setDone('');
  };

  const confirm = async () => {
    if (!asking || busy) return;
    const { user, action } = asking;
    const text = ACTIONS[action];
    const why = reason.trim();
    if (text.points && !/^[1-9]\d{0,8}$/.test(points.trim()))
      return setError('Enter the points as a whole number more than 0');
    if (text.reason && why.length < 3) return setError('Enter a reason of at least 3 characters');
    const mobile = user.mobile;
    const call: AccountAction =
      action === 'block' || action === 'lift-exclusion'
        ? { action, mobile, reason: why }
        : action === 'credit' || action === 'debit'
          ? { action, mobile, points: Number(points.trim()), reason: why }
          : { action, mobile };
    const r = await change(call);
    if ('error' in r) return setError(messageOf(r.error));
    setAsking(null);
    setDone(r.data.msg ?? 'Done');
  };

  const text = asking && ACTIONS[asking.action];
  const dialog =
    asking && text ? (
      <ConfirmDialog
        title={text.title(asking.user)}
        confirmLabel={text.confirm}
        busyLabel={text.busy}
        busy={busy}
        error={error}
        danger={text.danger}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        <p>
          {asking.user.name} ({asking.user.mobile}), wallet {asking.user.wallet} points. {text.effect}
        </p>
        {text.points && (
          <>
            <label htmlFor="account-points">Points</label>
            <input
              id="account-points"
              inputMode="numeric"
              value={points}
              maxLength={9}
              onChange={(e) => setPoints(e.target.value)}
              disabled={busy}
            />
          </>
        )}
        {text.reason && (
          <>
            <label htmlFor="account-reason">Reason</label>
            <input
              id="account-reason"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
              disabled={busy}
            />
          </>
        )}
      </ConfirmDialog>
    ) : null;

  return { ask, dialog, done };
}
