import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from './session';

/**
 * The live stream's health (issue C): `up` while the shell's one stream delivers events (its heartbeat
 * comes at least every 25 s). The polled lists slow to a safety poll meanwhile and go back to polling
 * every 5 s the moment it is down (offline, a proxy that buffers, a server without streams).
 */
export interface LiveState {
  up: boolean;
}

export const liveSlice = createSlice({
  name: 'live',
  initialState: (): LiveState => ({ up: false }),
  reducers: {
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
    });
  },
  selectors: {
    selectLiveUp: (s) => s.up,
  },
});

export const { liveUp, liveDown } = liveSlice.actions;
export const { selectLiveUp } = liveSlice.selectors;
