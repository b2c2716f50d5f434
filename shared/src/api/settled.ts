import { useEffect, useState } from 'react';

/**
 * The first screen's work comes first: reads that no first screen shows (the inbox count, the reality
 * check's timer, the age question of an account made elsewhere) wait until the page has loaded and the
 * browser is idle (at most IDLE_WAIT_MS more), so they do not block the first screen on a slow phone.
 */
export const IDLE_WAIT_MS = 2000;

let settled = false;
let pending: Promise<void> | null = null;

function whenSettled(): Promise<void> {
  if (settled) return Promise.resolve();
  pending ??= new Promise<void>((resolve) => {
    const done = () => {
      settled = true;
      resolve();
    };
    const idle = () => {
      const w = window as Window & {
        requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
      };
      if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(done, { timeout: IDLE_WAIT_MS });
      else setTimeout(done, 0);
    };
    if (typeof window === 'undefined') return done();
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return pending;
}

/** False until the page has loaded and the browser has been idle once (then true for the page's life). */
export function useSettled(): boolean {
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void whenSettled().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
