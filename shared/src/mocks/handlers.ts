/**
 * The player API answered by Mock Service Worker, for QA pages (msw/browser, `npm run qa -w <remote>`)
 * and the remotes' component tests (msw/node): each call's request is read by its schema in the contract
 * (a request the server would refuse is refused with its message), and answered by answers.ts in the
 * scenario's world, checked against the contract. The network of the scenario: answers after a delay, a
 * server error, or no answer at all.
 */
import { HttpResponse, delay, http, type HttpHandler } from 'msw';
import { REQUEST_SCHEMAS } from '../contract/schemas';
import { isCallName, refusalCodeOfStatus } from '../contract';
import { mockAnswer, stateOf, type MockState } from './answers';
import { SCENARIOS, SLOW_MS, type ScenarioName } from './scenarios';

/** A refusal of the transport (no such call, a body the call's schema refuses), coded by its status as the server does. */
const refusedBody = (status: number, msg: string) => ({ status: false, msg, code: refusalCodeOfStatus(status) });

/** What every call carries besides its own fields: read by the server before the call's schema. */
const ENVELOPE = ['env_type', 'app_key', 'unique_token'];

export interface MockApi {
  handlers: HttpHandler[];
  /** the world as the calls left it (the wallet after bids, the bids) */
  state: MockState;
}

/** The handlers of a scenario: the player API below any origin's `/api/`, and the runtime config. */
export function mockApi(scenario: ScenarioName, opts: { now?: () => Date; slowMs?: number } = {}): MockApi {
  const state = stateOf(SCENARIOS[scenario].world);
  const now = opts.now ?? (() => new Date());
  const network = async () => {
    if (state.network === 'offline') return HttpResponse.error();
    if (state.network === 'error') return HttpResponse.json(refusedBody(500, 'Internal Server Error'), { status: 500 });
    if (state.network === 'slow') await delay(opts.slowMs ?? SLOW_MS);
    return undefined;
  };
  const handlers = [
    http.get('*/config.json', () => HttpResponse.json({ apiBase: '/api', appKey: 'qa-mocks', otpLength: 4 })),
    // the live stream: not served by the mocks (the app polls instead, as it does when a stream fails)
    http.get('*/api/live', () => HttpResponse.json(refusedBody(404, 'Not found'), { status: 404 })),
    http.post('*/api/:call', async ({ params, request }) => {
      const down = await network();
      if (down) return down;
      const call = String(params.call);
      if (!isCallName(call)) return HttpResponse.json(refusedBody(404, 'Not found'), { status: 404 });
      let body: Record<string, unknown>;
      try {
        body = (await request.json()) as Record<string, unknown>;
      } catch {
        return HttpResponse.json(refusedBody(400, 'Invalid request'), { status: 400 });
      }
      const own = Object.fromEntries(Object.entries(body ?? {}).filter(([k]) => !ENVELOPE.includes(k)));
      const parsed = REQUEST_SCHEMAS[call].safeParse(own);
      if (!parsed.success)
        return HttpResponse.json(refusedBody(400, parsed.error.issues[0]?.message ?? 'Invalid request'), {
          status: 400,
        });
      return HttpResponse.json(mockAnswer(call, body, state, now()));
    }),
  ];
  return { handlers, state };
}
