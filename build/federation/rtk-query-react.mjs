/** '@reduxjs/toolkit/query/react' as the front ends share it (see redux-toolkit.mjs). */
export { createApi } from 'rtk-query-react-production';
