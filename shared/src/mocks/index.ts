/**
 * `@matka/shared/mocks`: the player API as mock handlers built from the contract, in named scenarios,
 * for QA pages and component tests. Never imported by a production build (lint keeps it out of src/).
 */
export * from './scenarios';
export * from './answers';
export * from './handlers';
