/** The federation runtime the families' entries run on (build/webpack.js: an alias of the shell's build). */
declare module 'federation-families-runtime' {
  export * from '@module-federation/runtime-core';
}
