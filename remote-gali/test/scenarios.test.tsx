/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
/**
 * The Gali screens on the contract's mocks (msw/node: the same handlers as the QA page): each scenario
 * as QA sees it, with no hand-written answers.
 */
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { MSG, setRuntimeConfig } from '@matka/shared';
import { mockApi, type ScenarioName } from '@matka/shared/mocks';
import { routes } from '../src/routes';
import { LIST_NOW, renderRoutes } from './helpers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function open(scenario: ScenarioName, path = '/galiIMP') {
  const api = mockApi(scenario, { now: LIST_NOW, slowMs: 50 });
  server.use(...api.handlers);
  setRuntimeConfig({ apiBase: 'http://api.test/api', appKey: 'k' });
  const view = await renderRoutes(routes, path);
  return { ...view, api };
}

const cards = async () => {
  await screen.findByText('DISAWAR');
  return screen.getAllByTestId('gali-market').map((c) => c.textContent ?? '');
};

test('market open: every Gali market takes bids', async () => {
  await open('market-open');
  for (const card of await cards()) expect(card).toContain('Market Open');
});

test('market closed: every Gali market says so', async () => {
  await open('market-closed');
  for (const card of await cards()) expect(card).toContain('Market Closed');
});

test("result declared: the first market shows today's jodi and is closed", async () => {
  await open('result-declared');
  const [first] = await cards();
  expect(first).toContain('47');
  expect(first).toContain('Market Closed');
});

test('betting off: the notice says why, and no market is a button', async () => {
  await open('betting-off');
  await cards();
  expect(await screen.findByText(MSG.bettingOff)).toBeInTheDocument();
  for (const card of screen.getAllByTestId('gali-market')) expect(within(card).queryByRole('button')).toBeNull();
});

test("server error: the list says there is nothing to show (the spec's text)", async () => {
  await open('server-error');
  expect(await screen.findByText(MSG.noDataFound)).toBeInTheDocument();
  expect(screen.queryAllByTestId('gali-market')).toEqual([]);
});
