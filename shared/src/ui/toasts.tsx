import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToastOptions } from 'react-toastify';

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

function show(kind: 'success' | 'error' | 'info', msg: string, opts: ToastOptions) {
  if (!wanted) {
    wanted = true;
    subscribers.forEach((s) => s());
  }
  void import('react-toastify').then(({ toast }) => toast[kind](msg, opts));
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
