import { findRoute, pathsOf, REMOTE_FAMILIES, ROUTES } from '@matka/shared';

// Every path of spec section 2 (route table, bid-type routes and the spellings used in navigation).
const SPEC_WITH_TOP_BAR = `/star, /imp, /imp2, /imp3, /imp4, /imp5, /imp6, /imp7, /imp8, /imp9, /transaction, /mymodel, /transfer,
/transfermodel, /addfundhistory, /withdrawrule, /depositrule, /withdrawhistory, /about, /privacy, /privacypolicy, /delete, /change,
/wallet, /profile, /stargame, /ssinglepana, /sdoublepana, /stripplepana, /starsingle, /galigame, /galiIMP, /impwin, /impbid,
/galiallgame, /leftdigit, /rightdigit, /jodidigit, /single, /fullsangam, /halfsangam, /tripplepana, /doublepana, /singlepana,
/spdptp, /spmotor, /dpmotor, /jodi, /addfund, /win, /windata, /bid, /gameRates, /game, /htp, /withdraw, /qrpay, /histories, /charts`;
const SPEC_WITHOUT_TOP_BAR = '/r, /login, /forgotpass, /otpwithdraw, /otpregister, /otpforgotpass, /change-password';
const OTHER_SPELLINGS = ['/AddFundHistory', '/StarSingle', '/Ssinglepana', '/Sdoublepana', '/Stripplepana', '/galiimp'];

const list = (s: string) => s.split(',').map((p) => p.trim());

describe('the route table', () => {
  it('covers every path of spec section 2 with the right layout', () => {
    for (const p of list(SPEC_WITH_TOP_BAR)) expect([p, findRoute(p)?.topBar]).toEqual([p, true]);
    for (const p of list(SPEC_WITHOUT_TOP_BAR)) expect([p, findRoute(p)?.topBar]).toEqual([p, false]);
    expect(findRoute('/')).toBeDefined();
  });

  it('matches the other spellings case-insensitively', () => {
    for (const p of OTHER_SPELLINGS) expect(findRoute(p)).toBeDefined();
    expect(findRoute('/AddFundHistory')?.family).toBe('wallet');
    expect(findRoute('/StarSingle')?.family).toBe('starline');
    expect(findRoute('/GALIIMP/')?.family).toBe('gali');
  });

  it('gives each path one owner as DESIGN.md assigns them', () => {
    const paths = ROUTES.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    expect(pathsOf('regular')).toContain('/spmotor');
    expect(pathsOf('gali')).toContain('/galiIMP');
    expect(pathsOf('wallet')).toEqual(
      expect.arrayContaining(['/imp3', '/imp4', '/imp5', '/imp6', '/impbid', '/impwin']),
    );
    expect(REMOTE_FAMILIES).toEqual(['regular', 'starline', 'gali', 'wallet']);
  });

  it('lets visitors reach only the public paths', () => {
    const pub = ROUTES.filter((r) => r.public)
      .map((r) => r.path)
      .sort();
    expect(pub).toEqual(
      [
        '/',
        '/change-password',
        '/forgotpass',
        '/htp',
        '/login',
        '/otpforgotpass',
        '/otpregister',
        '/r',
        '/verify',
      ].sort(),
    );
  });
});

describe('betting gate (spec section 6)', () => {
  const GATED = `/wallet /imp7 /imp8 /imp9 /mymodel /transfer /transfermodel /addfund /qrpay /withdraw /otpwithdraw
/withdrawrule /depositrule /histories /transaction /addfundhistory /withdrawhistory /imp3 /imp4 /imp5 /imp6 /impbid
/impwin /win /bid /windata /game /single /jodi /singlepana /doublepana /tripplepana /halfsangam /fullsangam /spdptp
/spmotor /dpmotor /galiallgame /leftdigit /rightdigit /jodidigit /stargame /starsingle /ssinglepana /sdoublepana
/stripplepana /gameRates`.split(/\s+/);

  it('flags exactly the paths that need betting_status 1', () => {
    const gated = ROUTES.filter((r) => r.betting)
      .map((r) => r.path)
      .sort();
    expect(gated).toEqual([...GATED].sort());
  });

  it('leaves How To Play, the market lists, home, charts and the account pages open', () => {
    for (const p of [
      '/htp',
      '/star',
      '/galiIMP',
      '/galigame',
      '/imp',
      '/imp2',
      '/charts',
      '/change',
      '/profile',
      '/',
      '/login',
    ])
      expect([p, findRoute(p)?.betting]).toEqual([p, false]);
  });

  it('matches gated paths case-insensitively', () => {
    for (const p of ['/AddFundHistory', '/StarSingle', '/GAMERATES', '/LeftDigit/'])
      expect(findRoute(p)?.betting).toBe(true);
  });

  it('never gates a public path (the gate needs a session)', () => {
    expect(ROUTES.filter((r) => r.public && r.betting)).toEqual([]);
  });
});
