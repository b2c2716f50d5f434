/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
/** The regular markets on the contract's mocks (msw/node: the same handlers as the QA page). */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { mockApi, type ScenarioName } from '@matka/shared/mocks';
import { routes } from '../src/routes';
import { LIST_NOW, renderRoutes } from './helpers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function markets(scenario: ScenarioName) {
  server.use(...mockApi(scenario, { now: LIST_NOW }).handlers);
  await renderRoutes(routes, '/game', undefined, LIST_NOW);
  await screen.findByText('MORNING STAR');
  return [...document.querySelectorAll('.game-market')].map((m) => m.textContent ?? '');
}

test('market open: each market can be played', async () => {
  await markets('market-open');
  expect(screen.getAllByRole('link', { name: /^Play / })).toHaveLength(3);
});

test('market closed: each market says so, none can be played', async () => {
  for (const text of await markets('market-closed')) expect(text).toContain('Market Closed');
  expect(screen.queryAllByRole('link', { name: /^Play / })).toEqual([]);
});

test('betting off: the markets are listed, none can be played', async () => {
  expect(await markets('betting-off')).toHaveLength(3);
  expect(screen.queryAllByRole('link', { name: /^Play / })).toEqual([]);
});
