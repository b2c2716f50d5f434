/** '@reduxjs/toolkit/query' as the front ends share it (see redux-toolkit.mjs). */
export {
  setupListeners,
  // used by RTK Query's React entry
  QueryStatus,
  buildCreateApi,
  copyWithStructuralSharing,
  coreModule,
  skipToken,
} from 'rtk-query-production';
