import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ResponsiblePage from '../src/pages/ResponsiblePage';
import { AgePrompt } from '../src/layout/AgePrompt';
import { mockFetch, renderPage } from './helpers';

const NONE = {
  status: true,
  age_declared: true,
  age_required: false,
  break_until: '',
  excluded_until: '',
  permanent: false,
  history: [],
};

describe('/responsible', () => {
  it('a break is taken only after a confirmation that says what it means; the page shows it', async () => {
    let state: Record<string, unknown> = NONE;
    const f = mockFetch((call, body) => {
      if (call === 'api-responsible') return state;
      if (call === 'api-take-break') {
        state = {
          ...NONE,
          break_until: '2026-03-17T02:30:00.000Z',
          history: [
            {
              kind: 'break',
              until: '2026-03-17T02:30:00.000Z',
              note: String(body.period),
              at: '2026-03-10T02:30:00.000Z',
            },
          ],
        };
        return { ...state, msg: 'You are taking a break until 17-March-2026 8:00 AM (7 days)' };
      }
      return { status: true };
    });
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    await screen.findByText('No break or self-exclusion is running.');
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = screen.getByRole('dialog', { name: 'Take a break: 7 days?' });
    expect(dialog).toHaveTextContent(
      'For 7 days you cannot bid, add funds or receive transfers. You can still log in, see your histories and withdraw your points. You cannot shorten or end it.',
    );
    // nothing is sent before the confirmation
    expect(f.calls.filter((c) => c.call === 'api-take-break')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start the break' }));
    expect(await screen.findByText('You are taking a break until 17-March-2026 8:00 AM (7 days)')).toBeInTheDocument();
    expect(f.calls.find((c) => c.call === 'api-take-break')?.body.period).toBe('7d');
    expect(await screen.findByText(/^You are taking a break until 17 Mar 2026/)).toBeInTheDocument();
    expect(screen.getByText(/^Break taken, until 17 Mar 2026/)).toBeInTheDocument();
  });

  it('self-exclusion says that only the operator can end it; cancelling sends nothing', async () => {
    const f = mockFetch((call) => (call === 'api-responsible' ? NONE : { status: true }));
    await renderPage(<ResponsiblePage />, { session: true, path: '/responsible' });
    await screen.findByText('No break or self-exclusion is running.');
    await userEvent.click(screen.getByRole('radio', { name: 'Permanently' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exclude myself' }));
    const dialog = screen.getByRole('dialog', { name: 'Exclude yourself: Permanently?' });
    expect(dialog).toHaveTextContent(/^Exclude yourself: Permanently\?From now on, for good, you cannot bid/);
    expect(dialog).toHaveTextContent('only the operator can, on a written request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(f.calls.filter((c) => c.call === 'api-self-exclude')).toHaveLength(0);
  });
});

describe('the age prompt', () => {
  beforeEach(() => localStorage.clear());

  it('asks an account without the declaration once on this device; I confirm sends it', async () => {
    const f = mockFetch((call) =>
      call === 'api-responsible'
        ? { ...NONE, age_declared: false }
        : call === 'api-confirm-age'
          ? NONE
          : { status: true },
    );
    await renderPage(<AgePrompt />, { session: true, path: '/imp' });
    const dialog = await screen.findByRole('dialog', { name: 'Before you play' });
    expect(dialog).toHaveTextContent('I confirm that I am 18 years of age or older.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'I confirm' }));
    expect(f.calls.filter((c) => c.call === 'api-confirm-age')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('matka.age-asked')).toBe('1');
  });

  it('is not shown to an account that declared it, nor to a visitor', async () => {
    const f = mockFetch((call) => (call === 'api-responsible' ? NONE : { status: true }));
    await renderPage(<AgePrompt />, { session: true, path: '/imp' });
    await screen.findByText((_, el) => el?.tagName === 'OUTPUT');
    expect(screen.queryByRole('dialog')).toBeNull();
    await renderPage(<AgePrompt />, { path: '/htp' });
    expect(f.calls.filter((c) => c.call === 'api-responsible')).toHaveLength(1);
  });
});
