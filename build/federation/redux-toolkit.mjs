/**
 * '@reduxjs/toolkit' as the front ends share it: the app's API plus what RTK Query imports from it,
 * from the package's own modern build, so the shared singleton is tree-shaken instead of whole.
 * shared/test/federation-facades.test.ts fails when a needed name is missing.
 */
export {
  combineSlices,
  configureStore,
  createSlice,
  createDynamicMiddleware,
  // used by RTK Query (dist/query/rtk-query.modern.mjs and its React entry)
  SHOULD_AUTOBATCH,
  combineReducers,
  createAction,
  createAsyncThunk,
  createNextState,
  createSelector,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  prepareAutoBatched,
} from 'redux-toolkit-production';
