import { useEffect, useState } from 'react';
import { nowMs } from '../../contracts/clock';

/**
 * The server's time now, ticking each second: an answer says what time the server had, so a computer whose clock is
 * wrong still counts down to a class's real start.
 */
export function useServerNow(serverNow: string | undefined, receivedAt: number): number {
  const [tick, setTick] = useState(() => nowMs());
  useEffect(() => {
    const timer = setInterval(() => setTick(nowMs()), 1000);
    return () => clearInterval(timer);
  }, []);
  const offset = serverNow ? Date.parse(serverNow) - receivedAt : 0;
  return tick + offset;
}
