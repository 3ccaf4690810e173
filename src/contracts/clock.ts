/**
 * "Now", from one place. This module is the only code that reads the computer's clock (`Date.now()`, `new Date()`
 * with no argument; an ESLint rule keeps it so): the server's services are given a Clock (the app passes the same
 * one to all, so a test that moves it moves every "now"), the browser and the scripts call systemClock.
 */

/** The time now. */
export type Clock = () => Date;

/** The computer's clock. */
export const systemClock: Clock = () => new Date();

/** Milliseconds since 1970 on a clock (the computer's unless one is given). */
export function nowMs(clock: Clock = systemClock): number {
  return clock().getTime();
}
