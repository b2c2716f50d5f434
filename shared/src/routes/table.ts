/**
 * The route table: which family owns which path (DESIGN.md "Who owns which path").
 * The shell builds its router from it and the remotes expose route objects for exactly their paths,
 * so both sides agree. Matching is case-insensitive (React Router's default), so '/AddFundHistory'
 * and '/addfundhistory' are the same route.
 */
export type RemoteFamily = 'regular' | 'starline' | 'gali' | 'wallet';
export type RouteFamily = 'shell' | RemoteFamily;

export interface RouteInfo {
  path: string;
  family: RouteFamily;
  /** Shown inside the main layout with the top bar. */
  topBar: boolean;
  /** Reachable without a session. */
  public: boolean;
  /**
   * Needs betting on (home info betting_status '1', spec section 6): wallet, funds, withdraw,
   * histories, game rates, game entry and bidding. The shell sends a player without it to /imp.
   */
  betting: boolean;
}

export const REMOTE_FAMILIES: readonly RemoteFamily[] = ['regular', 'starline', 'gali', 'wallet'];

const NO_TOP_BAR = [
  '/r',
  '/login',
  '/forgotpass',
  '/otpwithdraw',
  '/otpregister',
  '/otpforgotpass',
  '/change-password',
];
const PUBLIC = [
  '/',
  '/login',
  '/r',
  '/forgotpass',
  '/otpregister',
  '/otpforgotpass',
  '/change-password',
  '/htp',
  '/verify',
];

/**
 * Spec section 6: "betting_status '1' is required for wallet, add funds, withdraw, win and bid
 * history, how-to-play, game rates menu items, game entry, Gali bidding, Gali histories and rates."
 * How To Play stays public (a menu item only); the market lists (/star, /galiIMP, /galigame), the
 * home page and the charts stay open.
 */
/** Every wallet and regular path is gated; of the others, the bid choosers and screens and the rates. */
const BETTING_FAMILIES: readonly RouteFamily[] = ['wallet', 'regular'];
const BETTING_PATHS = [
  '/galiallgame',
  '/leftdigit',
  '/rightdigit',
  '/jodidigit',
  '/stargame',
  '/starsingle',
  '/ssinglepana',
  '/sdoublepana',
  '/stripplepana',
  '/gameRates',
];

const OWNERS: Record<RouteFamily, string[]> = {
  shell: [
    '/',
    '/login',
    '/r',
    '/otpregister',
    '/forgotpass',
    '/otpforgotpass',
    '/change-password',
    '/imp',
    '/imp2',
    '/htp',
    '/gameRates',
    '/charts',
    '/change',
    '/profile',
    '/privacy',
    '/privacypolicy',
    '/about',
    '/delete',
    // the notifications inbox and the phone notifications' settings
    '/notifications',
    '/notifysettings',
    // responsible play
    '/responsible',
    // a bid receipt checked against the server's keys and sealed books
    '/verify',
  ],
  regular: [
    '/game',
    '/single',
    '/jodi',
    '/singlepana',
    '/doublepana',
    '/tripplepana',
    '/halfsangam',
    '/fullsangam',
    '/spdptp',
    '/spmotor',
    '/dpmotor',
  ],
  starline: ['/star', '/stargame', '/starsingle', '/ssinglepana', '/sdoublepana', '/stripplepana'],
  gali: ['/galigame', '/galiIMP', '/galiallgame', '/leftdigit', '/rightdigit', '/jodidigit'],
  wallet: [
    '/wallet',
    '/imp7',
    '/imp8',
    '/imp9',
    '/mymodel',
    '/transfer',
    '/transfermodel',
    '/addfund',
    '/qrpay',
    '/withdraw',
    '/withdrawrule',
    '/depositrule',
    '/otpwithdraw',
    '/histories',
    '/transaction',
    '/addfundhistory',
    '/withdrawhistory',
    '/imp3',
    '/imp4',
    '/imp5',
    '/imp6',
    '/impbid',
    '/impwin',
    '/win',
    '/bid',
    '/windata',
  ],
};

const lower = (p: string) => p.toLowerCase();

export const ROUTES: readonly RouteInfo[] = (Object.keys(OWNERS) as RouteFamily[]).flatMap((family) =>
  OWNERS[family].map((path) => ({
    path,
    family,
    topBar: !NO_TOP_BAR.map(lower).includes(lower(path)),
    public: PUBLIC.map(lower).includes(lower(path)),
    betting: BETTING_FAMILIES.includes(family) || BETTING_PATHS.map(lower).includes(lower(path)),
  })),
);

/** The route owning a pathname (case-insensitive, trailing slash ignored). */
export function findRoute(pathname: string): RouteInfo | undefined {
  const p = lower(pathname.replace(/(.)\/+$/, '$1'));
  return ROUTES.find((r) => lower(r.path) === p);
}

/** Paths a family owns, as written in the table. */
export function pathsOf(family: RouteFamily): string[] {
  return ROUTES.filter((r) => r.family === family).map((r) => r.path);
}
