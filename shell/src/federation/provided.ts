/**
 * The families bundle no singleton of their own (build/webpack.js: `import: false`), so the shell
 * must provide every shared singleton, including the ones it never uses itself, and the building blocks
 * it uses too (a family of the same source then takes the shell's copy instead of downloading its own). Webpack provides a
 * shared module only when the build references it: these imports do that. The function is never
 * called, so nothing here is downloaded until a remote asks for it through the share scope.
 * shell/test/provided.test.ts checks that this list covers every shared key.
 */
export const PROVIDED = () => [
  import('react'),
  import('react-dom'),
  import('react-dom/client'),
  import('react/jsx-runtime'),
  import('react-redux'),
  import('react-toastify'),
  import('react-router'),
  import('react-router-dom'),
  import('@reduxjs/toolkit'),
  import('@reduxjs/toolkit/query'),
  import('@reduxjs/toolkit/query/react'),
  import('@matka/shared'),
  import('@matka/shared/api'),
  import('@matka/shared/ui'),
  import('@matka/shared/domain'),
  import('@matka/shared/contract'),
  import('@matka/shared/html'),
  import('@matka/shared/i18n'),
];
