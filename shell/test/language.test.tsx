import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@matka/shared';
import { currentLanguage, setLanguage } from '@matka/shared/i18n';
import '../src/i18n';
import { LoginPage } from '../src/pages/LoginPage';
import { mockFetch, renderPage } from './helpers';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('the language switch (issue E)', () => {
  it('on /login: each language by its own name; Hindi changes the texts and the validation messages, and is kept on the device', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<LoginPage />, { path: '/login' });
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['English', 'हिन्दी', 'मराठी']);
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'खेलने के लिए लॉगिन करें' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('फ़ोन नंबर')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'नया खाता बनाएँ' })).toHaveAttribute('href', '/r');
    // the spec's messages in Hindi
    await userEvent.click(screen.getByRole('button', { name: 'लॉगिन' }));
    expect(await screen.findByText('फ़ोन नंबर ज़रूरी है!')).toBeInTheDocument();
    expect(screen.queryByText(MSG.phoneRequired)).not.toBeInTheDocument();
    expect(localStorage.getItem('matka.lang')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    // Marathi, then back to English: the spec's texts to the letter
    await userEvent.click(screen.getByRole('button', { name: 'मराठी' }));
    expect(await screen.findByRole('heading', { name: 'खेळण्यासाठी लॉगिन करा' })).toBeInTheDocument();
    expect(screen.getByText('फोन नंबर आवश्यक आहे!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Login To Play' })).toBeInTheDocument();
    expect(screen.getByText(MSG.phoneRequired)).toBeInTheDocument();
    await waitFor(() => expect(currentLanguage()).toBe('en'));
  });
});
