import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The logged-in player. The password is never kept in the browser. */
export interface SessionState {
  username: string | null;
  unique_token: string | null;
  mobile: string | null;
}

export const SESSION_STORAGE_KEY = 'matka.session';

const empty: SessionState = { username: null, unique_token: null, mobile: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: empty,
  reducers: {
    loggedIn: (_state, action: PayloadAction<{ username: string; unique_token: string; mobile: string }>) => ({
      ...action.payload,
    }),
    usernameChanged: (state, action: PayloadAction<string>) => {
      state.username = action.payload;
    },
    loggedOut: () => empty,
  },
  selectors: {
    selectSession: (s) => s,
    selectIsLoggedIn: (s) => Boolean(s.username && s.unique_token),
  },
});

export const { loggedIn, loggedOut, usernameChanged } = sessionSlice.actions;
export const { selectSession, selectIsLoggedIn } = sessionSlice.selectors;

/** Reads the stored session; anything malformed counts as logged out. */
export function readStoredSession(storage: Storage | undefined): SessionState {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return empty;
    const v = JSON.parse(raw) as Partial<SessionState>;
    const str = (x: unknown) => (typeof x === 'string' && x ? x : null);
    return { username: str(v.username), unique_token: str(v.unique_token), mobile: str(v.mobile) };
  } catch {
    return empty;
  }
}

export function writeStoredSession(storage: Storage | undefined, s: SessionState): void {
  try {
    if (!storage) return;
    if (s.username || s.unique_token) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(s));
    else storage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage full or blocked: the session simply does not survive a reload
  }
}
