import { createAppStore, loggedIn, loggedOut, SESSION_STORAGE_KEY, usernameChanged } from '@matka/shared';

describe('the app store', () => {
  beforeEach(() => localStorage.clear());

  it('persists the session under one key and restores it in a new store', () => {
    const store = createAppStore();
    store.dispatch(loggedIn({ username: 'Ravi Kumar', unique_token: 'tok-1', mobile: '9876543210' }));
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual({
      username: 'Ravi Kumar',
      unique_token: 'tok-1',
      mobile: '9876543210',
    });
    expect(Object.keys(localStorage)).toEqual([SESSION_STORAGE_KEY]);
    const again = createAppStore();
    expect(again.getState().session).toEqual({ username: 'Ravi Kumar', unique_token: 'tok-1', mobile: '9876543210' });
    again.dispatch(usernameChanged('Ravi K'));
    expect(createAppStore().getState().session.username).toBe('Ravi K');
  });

  it('clears token, username and mobile on logout', () => {
    const store = createAppStore();
    store.dispatch(loggedIn({ username: 'A', unique_token: 't', mobile: '9876543210' }));
    store.dispatch(loggedOut());
    expect(store.getState().session).toEqual({ username: null, unique_token: null, mobile: null });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(createAppStore().getState().session.unique_token).toBeNull();
  });

  it('treats a malformed stored session as logged out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(createAppStore().getState().session.username).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ username: 5, unique_token: ['x'] }));
    expect(createAppStore().getState().session).toEqual({ username: null, unique_token: null, mobile: null });
  });

  it('starts with the home slice empty and lets a package inject a slice into one store lazily', async () => {
    const { createSlice } = await import('@reduxjs/toolkit');
    const store = createAppStore();
    const other = createAppStore();
    expect(store.getState().home.betting_status).toBeNull();
    const extra = createSlice({ name: 'lazyProbe', initialState: { n: 1 }, reducers: { inc: (s) => void s.n++ } });
    const injected = store.rootReducer.inject(extra);
    other.dispatch(extra.actions.inc());
    expect('lazyProbe' in other.getState()).toBe(false);
    store.dispatch(extra.actions.inc());
    const state = injected(store.getState() as Parameters<typeof injected>[0], { type: 'noop' }) as unknown as {
      lazyProbe: { n: number };
    };
    expect(state.lazyProbe.n).toBe(2);
  });
});

describe('attachApi: the api joining a store that already exists', () => {
  /** The core and the api modules as a page loads them (inside isolateModulesAsync), and a balance answer of 75. */
  async function freshModules() {
    const shared = await import('@matka/shared');
    shared.setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'KEY-1' });
    const fetchMock = jest.fn(
      async () =>
        new Response('{"status":true,"msg":"ok","wallet_amt":"75"}', {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const { api, attachApi } = await import('@matka/shared/api');
    return { shared, api, attachApi, fetchMock };
  }

  it('runs a query dispatched as the store’s first action after attachApi (a page’s data started beside its code)', async () => {
    await jest.isolateModulesAsync(async () => {
      const { shared, api, attachApi, fetchMock } = await freshModules();
      const store = shared.createAppStore();
      attachApi(store);
      attachApi(store); // a second call changes nothing
      const request = store.dispatch(api.endpoints.walletBalance.initiate());
      const result = await request;
      request.unsubscribe();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('http://api.test/api/api-user-wallet-balance');
      expect(result.data?.wallet_amt).toBe('75');
      expect(store.getState().home.wallet_amt).toBe('75');
    });
  });

  it('gives the api only to the store it is attached to', async () => {
    await jest.isolateModulesAsync(async () => {
      const { shared, api, attachApi, fetchMock } = await freshModules();
      const withApi = shared.createAppStore();
      const without = shared.createAppStore();
      attachApi(withApi);
      // The store without the api has neither its middleware nor its state: RTK Query refuses the query.
      const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(() => without.dispatch(api.endpoints.walletBalance.initiate())).toThrow(
        /middleware .* has not been added/i,
      );
      quiet.mockRestore();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(without.getState().home.wallet_amt).toBeNull();
      const request = withApi.dispatch(api.endpoints.walletBalance.initiate());
      await request;
      request.unsubscribe();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(withApi.getState().home.wallet_amt).toBe('75');
    });
  });
});
