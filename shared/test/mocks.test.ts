/**
 * The contract's mocks (QA pages, component tests) answer every call of the contract, in every scenario,
 * with what the call's answer schema declares: a mock that drifts from the contract fails here.
 */
import { CALL_NAMES } from '../src/contract';
import { MOCK_TOKEN, SCENARIOS, SCENARIO_NAMES, mockAnswer, scenarioOf, stateOf } from '../src/mocks';

const NOW = new Date('2026-03-05T10:00:00+05:30');

test.each(SCENARIO_NAMES)('every call answers as the contract declares in %s', (scenario) => {
  const drifted: string[] = [];
  for (const call of CALL_NAMES) {
    try {
      mockAnswer(call, { unique_token: MOCK_TOKEN }, stateOf(SCENARIOS[scenario].world), NOW);
    } catch (e) {
      drifted.push((e as Error).message);
    }
  }
  expect(drifted).toEqual([]);
});

test('a bid takes its points, and is refused for balance, betting or a closed market with the server texts', () => {
  const body = (points: number) => ({
    unique_token: MOCK_TOKEN,
    game_id: 200,
    new_result: { pana: 'Left Digit', result: [{ digits: '4', closedigits: '', points, session: 'Open' }] },
  });
  const open = stateOf(SCENARIOS['market-open'].world);
  expect(mockAnswer('api-galidisawar-submit-bid', body(100), open, NOW)).toMatchObject({
    status: true,
    wallet_amt: '4900',
  });
  expect(mockAnswer('api-galidisawar-bid-history-data', { unique_token: MOCK_TOKEN }, open, NOW).bid_data).toHaveLength(
    1,
  );
  expect(mockAnswer('api-galidisawar-submit-bid', body(100), stateOf(SCENARIOS['low-balance'].world), NOW)).toEqual({
    status: false,
    msg: 'Insufficient balance please refill your account',
    code: 'msg.insufficient',
  });
  expect(mockAnswer('api-galidisawar-submit-bid', body(10), stateOf(SCENARIOS['betting-off'].world), NOW).msg).toBe(
    'Betting is not enabled on your account. Please contact Customer Support to start playing.',
  );
  expect(mockAnswer('api-galidisawar-submit-bid', body(10), stateOf(SCENARIOS['market-closed'].world), NOW).msg).toBe(
    'Bidding is closed for Left Digit',
  );
});

test("the lists follow the scenario: markets open, closed, or with today's result", () => {
  const list = (scenario: keyof typeof SCENARIOS) =>
    mockAnswer('api-galidisawar-game', {}, stateOf(SCENARIOS[scenario].world), NOW).result as {
      msg_status: number;
      result: string;
    }[];
  expect(list('market-open').map((m) => m.msg_status)).toEqual([1, 1, 1]);
  expect(list('market-closed').map((m) => m.msg_status)).toEqual([2, 2, 2]);
  expect(list('result-declared')[0]).toMatchObject({ msg_status: 2, result: '47' });
  expect(scenarioOf('?scenario=offline')).toBe('offline');
  expect(scenarioOf('?scenario=nonsense')).toBe('market-open');
});
