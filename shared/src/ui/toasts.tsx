import { tMsg } from '@matka/shared/i18n';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Id, ToastOptions } from 'react-toastify';

/** Toast timings of spec section 9: 3 s on bid screens, 5 s elsewhere; always top-right. */
export const BID_TOAST: ToastOptions = { autoClose: 3000, position: 'top-right' };
export const DEFAULT_TOAST: ToastOptions = { autoClose: 5000, position: 'top-right' };

/*
 * react-toastify (a shared singleton) is loaded on the first toast, not with the page: the login page
 * never needs it. A toast raised before the container has mounted waits in react-toastify's own queue
 * and shows as soon as <Toaster /> has mounted the container.
 */
let wanted = false;
const subscribers = new Set<() => void>();

/** When each toast on screen was raised (a navigation leaves the older ones behind: see Toaster). */
const raised = new Map<Id, number>();
let seq = 0;

function show(kind: 'success' | 'error' | 'info', msg: string, opts: ToastOptions) {
  if (!wanted) {
    wanted = true;
    subscribers.forEach((s) => s());
  }
  const toastId = opts.toastId ?? `toast-${++seq}`;
  raised.set(toastId, Date.now());
  void import('react-toastify').then(({ toast }) =>
    // the spec's messages in the player's language (a server's own text is already in it)
    toast[kind](tMsg(msg), { ...opts, toastId, onClose: () => void raised.delete(toastId) }),
  );
}

/**
 * A toast belongs to the screen it was raised on: a new screen closes the toasts older than this, so
 * they do not cover its title. A toast raised for the move itself ('Withdraw request sent' on the way to
 * /imp) is younger and stays.
 */
export const TOAST_STAYS_MS = 1500;

function dismissOlderToasts() {
  const now = Date.now();
  const old = [...raised].filter(([, at]) => now - at > TOAST_STAYS_MS).map(([id]) => id);
  if (old.length === 0) return;
  for (const id of old) raised.delete(id);
  void import('react-toastify').then(({ toast }) => old.forEach((id) => toast.dismiss(id)));
}

export const notify = {
  success: (msg: string, opts: ToastOptions = DEFAULT_TOAST) => show('success', msg, opts),
  error: (msg: string, opts: ToastOptions = DEFAULT_TOAST) => show('error', msg, opts),
  info: (msg: string, opts: ToastOptions = DEFAULT_TOAST) => show('info', msg, opts),
};

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/** The page's toast area (top-right, 5 s by default); mounted once the first toast is raised. */
export function Toaster() {
  const [on, setOn] = useState(wanted);
  const { pathname } = useLocation();
  useEffect(() => dismissOlderToasts(), [pathname]);
  useEffect(() => {
    const s = () => setOn(true);
    subscribers.add(s);
    if (wanted) setOn(true);
    return () => void subscribers.delete(s);
  }, []);
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={5000} />
    </Suspense>
  );
}
