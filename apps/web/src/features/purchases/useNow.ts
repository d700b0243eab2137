import { useEffect, useState } from 'react';

/** The current time, moved on when the next of `changesAt` (epoch ms) comes, so a page closes windows on time. */
export function useNow(changesAt: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(...changesAt.filter((time) => time > now), Infinity);
  useEffect(() => {
    if (!Number.isFinite(next)) return undefined;
    // setTimeout holds at most about 24.8 days; licence windows last hours.
    const delay = Math.min(Math.max(next - Date.now(), 0) + 50, 2 ** 31 - 1);
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
