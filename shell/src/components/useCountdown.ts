import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that starts at `seconds`; `restart()` starts it again. */
export function useCountdown(seconds: number): [number, () => void] {
  const [endAt, setEndAt] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.ceil((endAt - Date.now()) / 1000)));
    tick();
    const t = setInterval(tick, 250);
    return () => clearInterval(t);
  }, [endAt]);
  const restart = useCallback(() => {
    setEndAt(Date.now() + seconds * 1000);
    setLeft(seconds);
  }, [seconds]);
  return [left, restart];
}
