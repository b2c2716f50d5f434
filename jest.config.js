// `npm test` runs every package's jest suite (the browser suite is `npm run test:e2e`).
module.exports = {
  // every core: the server's files mostly wait on their database, so two at once on two cores nearly halve it
  maxWorkers: '100%',
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
