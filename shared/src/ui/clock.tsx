import { createContext, useContext } from 'react';

const NowContext = createContext<() => Date>(() => new Date());

/**
 * The clock of the market lists and choosers (whether a market takes bids now). The app uses the
 * device clock; tests provide a fixed one so that what a list shows does not depend on the hour the
 * suite runs at.
 */
export const NowProvider = NowContext.Provider;

/** The current clock: call it (`useNow()()`) when the answer is needed. */
export function useNow(): () => Date {
  return useContext(NowContext);
}
