import { useEffect, useRef, useState } from 'react';

/** Spec section 9: threshold 60, max 80, reload distance 50, timeout 500 ms. */
export const PULL_THRESHOLD = 60;
export const PULL_MAX = 80;
export const PULL_RELOAD_HEIGHT = 50;
export const PULL_TIMEOUT = 500;

export type PullState = 'pending' | 'pulling' | 'releasing' | 'refreshing';

/** Pull distance for a finger moved `dy` px down: a little resistance, capped at the max. */
export const pullDistance = (dy: number): number => Math.max(0, Math.min(PULL_MAX, dy * 0.6));

/**
 * Pull-to-refresh for the whole page: a downward drag that starts at the top of the page shows the
 * indicator; releasing past the threshold reloads the page. Ignored while a dialog blocks scrolling.
 */
export function PullToRefresh({ onRefresh = () => window.location.reload() }: { onRefresh?: () => void }) {
  const [state, setState] = useState<PullState>('pending');
  const [distance, setDistance] = useState(0);
  const start = useRef<{ y: number; x: number } | null>(null);
  const refreshRef = useRef(onRefresh);
  refreshRef.current = onRefresh;
  const stateRef = useRef<PullState>('pending');

  useEffect(() => {
    const set = (s: PullState, d: number) => {
      stateRef.current = s;
      setState(s);
      setDistance(d);
    };
    const atTop = () => (window.scrollY || document.documentElement.scrollTop || 0) <= 0;
    const blocked = () => document.body.style.overflow === 'hidden';

    function onStart(e: TouchEvent) {
      if (stateRef.current === 'refreshing' || e.touches.length !== 1 || !atTop() || blocked()) {
        start.current = null;
        return;
      }
      start.current = { y: e.touches[0].clientY, x: e.touches[0].clientX };
    }
    function onMove(e: TouchEvent) {
      if (!start.current || stateRef.current === 'refreshing') return;
      const dy = e.touches[0].clientY - start.current.y;
      const dx = Math.abs(e.touches[0].clientX - start.current.x);
      if (dy <= 0 || dx > dy || !atTop()) {
        if (stateRef.current !== 'pending') set('pending', 0);
        return;
      }
      const d = pullDistance(dy);
      set(d >= PULL_THRESHOLD ? 'releasing' : 'pulling', d);
    }
    function onEnd() {
      if (!start.current) return;
      start.current = null;
      if (stateRef.current === 'releasing') {
        set('refreshing', PULL_RELOAD_HEIGHT);
        setTimeout(() => refreshRef.current(), PULL_TIMEOUT);
      } else if (stateRef.current !== 'refreshing') set('pending', 0);
    }
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const text =
    state === 'refreshing'
      ? 'Refreshing...'
      : state === 'releasing'
        ? 'Release to refresh'
        : state === 'pulling'
          ? 'Pull down to refresh'
          : '';
  return (
    <div
      className={`ptr ptr-${state}`}
      data-state={state}
      style={{ height: distance }}
      aria-hidden={state === 'pending' ? true : undefined}
    >
      <div className="ptr-content" role={state === 'refreshing' ? 'status' : undefined}>
        <span className="ptr-spinner" style={{ transform: `rotate(${distance * 4.5}deg)` }} aria-hidden="true" />
        {text && <span className="ptr-text">{text}</span>}
      </div>
    </div>
  );
}
