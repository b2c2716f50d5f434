import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, Toaster } from '@matka/shared';
import { ContactAdminButton } from '../src/components/Contact';
import { mockFetch, renderPage } from './helpers';

describe('Contact Admin (login and register pages)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("without a number from the social data: the exact toast 'Unable to initiate contact. Please try again.', nothing opens", async () => {
    const f = mockFetch((call) => (call === 'api-social-data' ? { status: true, mobile_no: '' } : { status: true }));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await renderPage(
      <>
        <ContactAdminButton />
        <Toaster />
      </>,
      { path: '/login' },
    );
    await waitFor(() => expect(f.calls.map((c) => c.call)).toContain('api-social-data'));
    const button = screen.getByRole('button', { name: 'Contact Admin' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText('Unable to initiate contact. Please try again.')).toBeInTheDocument();
    expect(MSG.contactFailed).toBe('Unable to initiate contact. Please try again.');
    expect(open).not.toHaveBeenCalled();
  });

  it('with a number: opens a WhatsApp chat with it in a new tab', async () => {
    mockFetch((call) => (call === 'api-social-data' ? { status: true, mobile_no: '9876500003' } : { status: true }));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await renderPage(<ContactAdminButton />, { path: '/login' });
    await waitFor(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Contact Admin' }));
      expect(open).toHaveBeenCalled();
    });
    expect(String(open.mock.calls[0][0])).toMatch(/9876500003/);
    expect(open.mock.calls[0][1]).toBe('_blank');
  });
});
