import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from './session';

/**
 * Home info: betting status, wallet balance and contact numbers, as the server last said them. The server
 * state is RTK Query's: this slice only mirrors it, from the api's answers (matched by their shape,
 * because the login page's core does not load RTK Query): home-info sets every field; any successful
 * answer that carries wallet_amt (the balance call, a bid, a transfer...) sets the wallet, and so does the
 * live stream's wallet event (`walletHeard`: the server's balance after a change the player did not make
 * here). Nothing else writes it.
 */
export interface HomeState {
  betting_status: string | null;
  wallet_amt: string | null;
  telegram_no: string;
  mobile_1: string;
  mobile_no: string;
  /** betting is off because the account waits for the operator's approval (registered without a proved code) */
  awaiting_approval: boolean;
}

const initialState: HomeState = {
  betting_status: null,
  wallet_amt: null,
  telegram_no: '',
  mobile_1: '',
  mobile_no: '',
  awaiting_approval: false,
};

type Answer = { type: string; payload: Record<string, unknown>; meta: { arg: { endpointName: string } } };

/** A successful answer of the api (reducerPath 'api'), of one endpoint or of any. */
const answerOf =
  (endpoint?: string) =>
  (a: UnknownAction): a is UnknownAction & Answer => {
    if (a.type !== 'api/executeQuery/fulfilled' && a.type !== 'api/executeMutation/fulfilled') return false;
    const { payload, meta } = a as Partial<Answer>;
    return typeof payload === 'object' && payload !== null && (!endpoint || meta?.arg?.endpointName === endpoint);
  };

const str = (v: unknown, fallback: string) => (v === undefined || v === null ? fallback : String(v));

export const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    /** The live stream told the balance after a change (a win, a deposit approved, a transfer in). */
    walletHeard: (state, { payload }: { payload: number }) => {
      state.wallet_amt = String(payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(answerOf('homeInfo'), (state, { payload }) => {
        state.betting_status = str(payload.betting_status, state.betting_status ?? '0');
        state.wallet_amt = str(payload.wallet_amt, state.wallet_amt ?? '0');
        state.telegram_no = str(payload.telegram_no, state.telegram_no);
        state.mobile_1 = str(payload.mobile_1, state.mobile_1);
        state.mobile_no = str(payload.mobile_no, state.mobile_no);
        state.awaiting_approval = payload.awaiting_approval === true;
      })
      .addMatcher(answerOf(), (state, { payload }) => {
        if (payload.status === false) return;
        const w = payload.wallet_amt;
        if (typeof w === 'string' || typeof w === 'number') state.wallet_amt = String(w);
      });
  },
  selectors: {
    selectHome: (s) => s,
    selectBettingOn: (s) => s.betting_status === '1',
    selectWallet: (s) => Number(s.wallet_amt ?? 0),
  },
});

export const { selectHome, selectBettingOn, selectWallet } = homeSlice.selectors;
export const { walletHeard } = homeSlice.actions;

/**
 * The betting status and balance the server last gave this device's session, kept so that the app
 * opened offline still shows the pages it allows and the last balance under the offline banner (the
 * server decides every bid and money request anyway; the first answer replaces both).
 */
export const HOME_STORAGE_KEY = 'matka.home';

type StoredHome = Pick<HomeState, 'betting_status' | 'wallet_amt'>;

export function readStoredHome(storage: Storage | undefined): StoredHome {
  try {
    const v = JSON.parse(storage?.getItem(HOME_STORAGE_KEY) ?? '{}') as Partial<Record<keyof StoredHome, unknown>>;
    return {
      betting_status: v.betting_status === '0' || v.betting_status === '1' ? v.betting_status : null,
      wallet_amt: typeof v.wallet_amt === 'string' && /^-?\d+(\.\d+)?$/.test(v.wallet_amt) ? v.wallet_amt : null,
    };
  } catch {
    return { betting_status: null, wallet_amt: null };
  }
}

export function writeStoredHome(storage: Storage | undefined, home: StoredHome): void {
  try {
    if (home.betting_status === null && home.wallet_amt === null) storage?.removeItem(HOME_STORAGE_KEY);
    else
      storage?.setItem(
        HOME_STORAGE_KEY,
        JSON.stringify({ betting_status: home.betting_status, wallet_amt: home.wallet_amt }),
      );
  } catch {
    // storage full or blocked: both are asked again after a reload
  }
}
