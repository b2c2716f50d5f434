/**
 * 'react-router-dom' as the front ends share it: the same API as the 'react-router' facade, re-exported
 * from it, so both share keys are provided and resolve to one copy of React Router.
 */
export * from './react-router.mjs';
