/**
 * The states QA checks a family in, by name: the mock API (handlers.ts) answers every call as the server
 * would in that state. Chosen on the QA page (`npm run qa -w <remote>`) or by `?scenario=`.
 */
export interface MockWorld {
  /** signed in at the start (else the page shows its login form: any 10-digit number and password) */
  signedIn: boolean;
  /** the wallet's points */
  wallet: number;
  /** the account may bid ('1') or not ('0') */
  betting: '0' | '1';
  /** every market takes bids */
  open: boolean;
  /** today's results are declared (a regular market's open session, a Starline slot, a Gali jodi) */
  declared: boolean;
  /** the player's bids and wins so far */
  history: boolean;
  /** how the network behaves: every call answered, answered after a delay, a server error, or none */
  network: 'ok' | 'slow' | 'error' | 'offline';
}

const BASE: MockWorld = {
  signedIn: true,
  wallet: 5000,
  betting: '1',
  open: true,
  declared: false,
  history: true,
  network: 'ok',
};

export const SCENARIOS = {
  'new-player': {
    title: 'New player',
    says: 'Not signed in yet; after login: no points, no bids',
    world: { ...BASE, signedIn: false, wallet: 0, history: false },
  },
  'market-open': { title: 'Market open', says: 'Every market takes bids; 5,000 points', world: BASE },
  'market-closed': {
    title: 'Market closed',
    says: 'Every market is closed for bids',
    world: { ...BASE, open: false },
  },
  'result-declared': {
    title: 'Result declared',
    says: "Today's results are declared: open sessions and slots closed",
    world: { ...BASE, declared: true },
  },
  'low-balance': {
    title: 'Low balance',
    says: 'Only 5 points in the wallet: bids are refused for balance',
    world: { ...BASE, wallet: 5 },
  },
  'betting-off': {
    title: 'Betting off',
    says: 'The account may not bid (betting_status 0)',
    world: { ...BASE, betting: '0' },
  },
  'server-error': {
    title: 'Server error',
    says: 'Every call answers 500',
    world: { ...BASE, network: 'error' },
  },
  'slow-network': {
    title: 'Slow network',
    says: 'Every answer takes 3 seconds',
    world: { ...BASE, network: 'slow' },
  },
  offline: { title: 'Offline', says: 'No call reaches the server', world: { ...BASE, network: 'offline' } },
} as const satisfies Record<string, { title: string; says: string; world: MockWorld }>;

export type ScenarioName = keyof typeof SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];
export const DEFAULT_SCENARIO: ScenarioName = 'market-open';

/** The scenario a page's `?scenario=` names, else the default. */
export function scenarioOf(search: string): ScenarioName {
  const name = new URLSearchParams(search).get('scenario') ?? '';
  return (SCENARIO_NAMES as string[]).includes(name) ? (name as ScenarioName) : DEFAULT_SCENARIO;
}

/** How long a slow network holds every answer. */
export const SLOW_MS = 3_000;
