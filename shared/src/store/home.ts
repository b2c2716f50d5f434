import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session';

/** Home info: betting status, wallet balance and contact numbers (the home-info call). */
export interface HomeState {
  betting_status: string | null;
  wallet_amt: string | null;
  telegram_no: string;
  mobile_1: string;
  mobile_no: string;
}

const initialState: HomeState = {
  betting_status: null,
  wallet_amt: null,
  telegram_no: '',
  mobile_1: '',
  mobile_no: '',
};

const str = (v: unknown, fallback: string) => (v === undefined || v === null ? fallback : String(v));

export const homeSlice = createSlice({
  name: 'home',
  initialState,
  reducers: {
    walletChanged: (state, action: PayloadAction<string | number>) => {
      state.wallet_amt = String(action.payload);
    },
    /** The home-info call answered (dispatched by the api module). */
    homeInfoLoaded: (state, { payload }: PayloadAction<Record<string, unknown>>) => {
      state.betting_status = str(payload.betting_status, state.betting_status ?? '0');
      state.wallet_amt = str(payload.wallet_amt, state.wallet_amt ?? '0');
      state.telegram_no = str(payload.telegram_no, state.telegram_no);
      state.mobile_1 = str(payload.mobile_1, state.mobile_1);
      state.mobile_no = str(payload.mobile_no, state.mobile_no);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectHome: (s) => s,
    selectBettingOn: (s) => s.betting_status === '1',
    selectWallet: (s) => Number(s.wallet_amt ?? 0),
  },
});

export const { walletChanged, homeInfoLoaded } = homeSlice.actions;
export const { selectHome, selectBettingOn, selectWallet } = homeSlice.selectors;
