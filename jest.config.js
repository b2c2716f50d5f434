// `npm test` runs every package's jest suite (the browser suite is `npm run test:e2e`).
module.exports = {
  projects: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/remote-regular',
    '<rootDir>/remote-starline',
    '<rootDir>/remote-gali',
    '<rootDir>/remote-wallet',
    '<rootDir>/console',
    '<rootDir>/server',
  ],
};
