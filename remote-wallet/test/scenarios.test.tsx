/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
/** The wallet on the contract's mocks (msw/node: the same handlers as the QA page). */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { mockApi } from '@matka/shared/mocks';
import { renderAt } from './helpers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

test('low balance: the wallet shows its 5 points', async () => {
  server.use(...mockApi('low-balance').handlers);
  await renderAt('/wallet', undefined, { wallet: null });
  expect(await screen.findByText('5 pts')).toBeInTheDocument();
});

test('market open: the wallet shows 5,000 points', async () => {
  server.use(...mockApi('market-open').handlers);
  await renderAt('/wallet', undefined, { wallet: null });
  expect(await screen.findByText('5,000 pts')).toBeInTheDocument();
});
