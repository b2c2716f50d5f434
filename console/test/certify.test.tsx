import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OP } from '@matka/shared/contract';
import { mockOperatorApi, OPERATOR, renderConsole, quietAnswer } from './helpers';

const KALYAN = { id: 1, name: 'KALYAN', family: 'regular' };
const proposal = (over: Record<string, unknown> = {}) => ({
  id: '4',
  market: KALYAN,
  date: '2026-11-24',
  session: 'open',
  value: '128',
  result_text: 'Open 128-1',
  early_reason: null,
  proposed_by: 'results2',
  proposed_at: '2026-11-24 15:50',
  status: 'pending',
  decided_by: null,
  decided_at: null,
  reason: null,
  preview: {
    msg: '2 winning bids would be paid 190 points',
    winners_count: 2,
    total_payout: 190,
    reversed: 0,
    reversed_points: 0,
    uncovered: 0,
  },
  ...over,
});
const job = {
  id: '9',
  status: 'done',
  bids_total: 3,
  bids_done: 3,
  market_id: 1,
  date: '2026-11-24',
  paid: 2,
  paid_points: 190,
  reversed: 0,
  reversed_points: 0,
  shortfall_points: 0,
  withheld_points: 0,
  lost: 1,
  pending: 0,
};
const { id: _id, status: _status, bids_total, bids_done: _done, market_id: _m, date: _d, ...settled } = job;
const summary = { ...settled, bids: bids_total };

describe('Results with certification', () => {
  it('says when certification is off', async () => {
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.proposals)
        return { body: { status: true, certification: { on: false, by: null }, proposals: [] } };
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Certification is off. A result declared here is published to players and settled at once.',
    );
    expect(screen.queryByRole('heading', { name: 'Waiting for certification' })).not.toBeInTheDocument();
  });

  it("certifies another operator's proposal, never its own, and rejects one with a reason", async () => {
    let waiting = [proposal(), proposal({ id: '5', proposed_by: 'results1', result_text: 'Close 456-5' })];
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('results') };
      if (call === OP.proposals)
        return { body: { status: true, certification: { on: true, by: 'setting' }, proposals: waiting } };
      if (call === OP.certifyResult) {
        waiting = waiting.filter((p) => p.id !== body.id);
        return {
          body: {
            status: true,
            msg: 'KALYAN 2026-11-24: 128-1; settled 3 bids: 2 winning bids paid 190 points; proposed by results2, certified by results1',
            market: KALYAN,
            date: '2026-11-24',
            result: { open_pana: '128', open_digit: '1', close_pana: null, close_digit: null, jodi: null },
            result_text: '128-1',
            changed: true,
            corrected: false,
            early: false,
            books: [{ session: 'open', size: 3, root: 'ab'.repeat(32) }],
            job,
            summary,
            proposed: false,
            proposal: { ...proposal(), status: 'certified', decided_by: 'results1', decided_at: '2026-11-24 15:55' },
          },
        };
      }
      if (call === OP.rejectResult) {
        if (body.id === '5' && !body.reason)
          return { status: 400, body: { status: false, code: 'request', msg: 'A reason is required' } };
        waiting = waiting.filter((p) => p.id !== body.id);
        return {
          body: {
            status: true,
            msg: `Rejected: KALYAN 2026-11-24 Close 456-5: ${String(body.reason)}`,
            proposal: proposal({ id: '5', status: 'rejected', reason: String(body.reason) }),
          },
        };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/results');
    const user = userEvent.setup();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Certification is on. A result declared here is proposed: players do not see it',
    );
    const table = await screen.findByRole('table', { name: 'Proposed results, oldest first' });
    const [, theirs, mine] = within(table).getAllByRole('row');
    expect(theirs).toHaveTextContent('2 winning bids would be paid 190 points');
    // the signed-in operator (results1) proposed the second: only another operator certifies it
    expect(within(mine).queryByRole('button', { name: 'Certify' })).not.toBeInTheDocument();
    expect(mine).toHaveTextContent('Your proposal: another operator certifies it');

    await user.click(within(theirs).getByRole('button', { name: 'Certify' }));
    const dialog = screen.getByRole('dialog', { name: 'Certify KALYAN 2026-11-24, Open 128-1?' });
    expect(dialog).toHaveTextContent(
      'Proposal 4, proposed by results2 at 2026-11-24 15:50. Certifying publishes 128 to players',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Certify' }));
    expect(await screen.findByText(/^Declared\. KALYAN 2026-11-24: 128-1; settled 3 bids/)).toHaveTextContent(
      'certified by results1',
    );
    expect(calls.list.find((c) => c.call === OP.certifyResult)?.body).toEqual({ id: '4', value: '128' });

    await user.click(
      within(screen.getByRole('table', { name: 'Proposed results, oldest first' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    const reject = screen.getByRole('dialog', { name: 'Reject KALYAN 2026-11-24, Close 456-5?' });
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(within(reject).getByRole('alert')).toHaveTextContent('Give a reason of at least 3 characters');
    await user.type(within(reject).getByLabelText('Reason'), 'typo');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected: KALYAN 2026-11-24 Close 456-5: typo')).toBeInTheDocument();
    expect(await screen.findByText('No result waits for certification.')).toBeInTheDocument();
    expect(calls.list.find((c) => c.call === OP.rejectResult)?.body).toEqual({ id: '5', reason: 'typo' });
  });
});

describe('Settings: result certification', () => {
  it('an owner turns it on with a choice; a refusal of the server is said', async () => {
    let value = 'off';
    const calls = mockOperatorApi(({ call, body }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.settings)
        return {
          body: {
            status: true,
            settings: { result_certification: value },
            keys: ['result_certification'],
            requests: [],
            qr: { qr_image: 'data:image/png;base64,iVBORw0KGgo=', upi_id: '', payee_name: '', upi_uri: '' },
          },
        };
      if (call === OP.setSetting) {
        if (body.value === 'off')
          return {
            status: 409,
            body: {
              status: false,
              code: 'conflict',
              msg: "Result certification is on in the server's configuration (RESULT_CERTIFICATION=on): it is turned off there, not here",
            },
          };
        value = String(body.value);
        return { body: { status: true, msg: 'result_certification = on (was off)', key: body.key, value } };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/settings');
    const user = userEvent.setup();
    const choice = await screen.findByLabelText('Result certification');
    expect(choice).toHaveDisplayValue('Off: a declared result is published at once');
    await user.selectOptions(choice, 'on');
    const form = choice.closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved');
    expect(calls.list.find((c) => c.call === OP.setSetting)?.body).toEqual({
      key: 'result_certification',
      value: 'on',
    });
    await user.selectOptions(choice, 'off');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "Result certification is on in the server's configuration (RESULT_CERTIFICATION=on)",
    );
  });

  it('turning it off is a request: the answer says so, and the screen shows who asked and who approves', async () => {
    let requests: unknown[] = [];
    mockOperatorApi(({ call }) => {
      if (call === OP.session) return { body: OPERATOR('owner') };
      if (call === OP.settings)
        return {
          body: {
            status: true,
            settings: { result_certification: 'on' },
            keys: ['result_certification'],
            requests,
            qr: { qr_image: 'data:image/png;base64,iVBORw0KGgo=', upi_id: '', payee_name: '', upi_uri: '' },
          },
        };
      if (call === OP.setSetting) {
        requests = [
          {
            id: '1',
            key: 'result_certification',
            value: 'off',
            requested_by: 'owner1',
            requested_at: '2026-11-24 10:00',
            approved_by: null,
            applies_at: null,
          },
        ];
        return {
          body: {
            status: true,
            msg: 'Turning result certification off needs a second owner: requested by owner1.',
            key: 'result_certification',
            value: 'on',
            pending: true,
          },
        };
      }
      return quietAnswer(call);
    });
    renderConsole('/console/settings');
    const user = userEvent.setup();
    const choice = await screen.findByLabelText('Result certification');
    await user.selectOptions(choice, 'off');
    const form = choice.closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Turning result certification off needs a second owner: requested by owner1.',
    );
    // still on, with the request shown to every owner
    expect(choice).toHaveDisplayValue('On: a second operator certifies every result');
    expect(await within(form).findByRole('note')).toHaveTextContent(
      'Turning it off was requested by owner1 at 2026-11-24 10:00: another owner approves it by choosing Off and Save.',
    );
  });
});
