import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { notify, Toaster, TOAST_STAYS_MS } from '@matka/shared';
import { renderPage } from './helpers';

function Screen() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => notify.error('Something went wrong here')}>
        Fail here
      </button>
      <button
        type="button"
        onClick={() => {
          notify.success('Withdraw request sent');
          navigate('/imp');
        }}
      >
        Send and go
      </button>
      <button type="button" onClick={() => navigate('/other')}>
        Go elsewhere
      </button>
      <Toaster />
    </>
  );
}

describe('toasts belong to their screen', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a new screen closes the toasts of the one before; a toast raised for the move itself stays', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    await renderPage(<Screen />, { path: '/withdraw' });
    await userEvent.click(screen.getByRole('button', { name: 'Fail here' }));
    expect(await screen.findByText('Something went wrong here')).toBeInTheDocument();
    // the player reads it, then moves on: it does not follow to the next screen
    now += TOAST_STAYS_MS + 500;
    await userEvent.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    // (jsdom plays no exit animation: the toast is on its way out)
    const leaving = () => screen.queryByText('Something went wrong here')?.closest('.Toastify__toast');
    await waitFor(() => expect(leaving()?.getAttribute('data-in') ?? 'false').toBe('false'));
    // a success toast raised on the way to the next screen is shown there
    await userEvent.click(screen.getByRole('button', { name: 'Send and go' }));
    expect(await screen.findByText('Withdraw request sent')).toBeInTheDocument();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('Withdraw request sent').closest('.Toastify__toast')).toHaveAttribute('data-in', 'true');
  });
});
