/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
/** The Starline slots on the contract's mocks (msw/node: the same handlers as the QA page). */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { setRuntimeConfig } from '@matka/shared';
import { mockApi, type ScenarioName } from '@matka/shared/mocks';
import { routes } from '../src/routes';
import { LIST_NOW, renderRoutes } from './helpers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function banners(scenario: ScenarioName) {
  server.use(...mockApi(scenario, { now: LIST_NOW }).handlers);
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  await renderRoutes(routes, '/star');
  await screen.findAllByTestId('starline-game');
  return screen.getAllByTestId('starline-game').map((g) => g.textContent ?? '');
}

test('market open: every slot is running', async () => {
  for (const text of await banners('market-open')) expect(text).toContain('BETTING IS RUNNING');
});

test('market closed: every slot is closed', async () => {
  for (const text of await banners('market-closed')) expect(text).toContain('BETTING IS CLOSED');
});

test('result declared: the first slot shows its result and is closed; the others run', async () => {
  const [first, ...rest] = await banners('result-declared');
  expect(first).toContain('370-0');
  expect(first).toContain('BETTING IS CLOSED');
  for (const text of rest) expect(text).toContain('BETTING IS RUNNING');
});
