import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session';

/**
 * The live stream's health: `up` while the shell's one stream delivers events (its heartbeat
 * comes at least every 25 s). The polled lists slow to a safety poll meanwhile and go back to polling
 * every 5 s the moment it is down (offline, a proxy that buffers, a server without streams).
 */
export interface LiveState {
  up: boolean;
  /**
   * Today's results heard on the stream since the app opened, by market id, as the lists write them: an
   * open bid screen closes the session a result ends without waiting for its list.
   */
  results: Record<string, { open_result: string; close_result: string }>;
}

export const liveSlice = createSlice({
  name: 'live',
  initialState: (): LiveState => ({ up: false, results: {} }),
  reducers: {
    resultHeard: (
      state,
      { payload }: PayloadAction<{ market_id: number; open_result: string; close_result: string }>,
    ) => {
      state.results[String(payload.market_id)] = {
        open_result: payload.open_result,
        close_result: payload.close_result,
      };
    },
    liveUp: (state) => {
      state.up = true;
    },
    liveDown: (state) => {
      state.up = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => {
      state.up = false;
      state.results = {};
    });
  },
  selectors: {
    selectLiveUp: (s) => s.up,
    selectHeardResults: (s) => s.results,
  },
});

export const { liveUp, liveDown, resultHeard } = liveSlice.actions;
export const { selectLiveUp, selectHeardResults } = liveSlice.selectors;
