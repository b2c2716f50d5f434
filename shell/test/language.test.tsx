import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@matka/shared';
import { currentLanguage, setLanguage, tDate, tTemplate } from '@matka/shared/i18n';
import { TEMPLATES } from '@matka/shared/domain';
import '../src/i18n';
import { LanguageSwitch } from '../src/components/LanguageSwitch';
import { afterLogin } from '../src/lib/accountLanguage';
import { LoginPage } from '../src/pages/LoginPage';
import { Landing } from '../src/pages/RootPage';
import GameRatesPage from '../src/pages/GameRatesPage';
import HowToPlayPage from '../src/pages/HowToPlayPage';
import { mockFetch, renderPage } from './helpers';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('the language switch', () => {
  it('on /login: each language by its own name; Hindi changes the texts and the validation messages, and is kept on the device', async () => {
    mockFetch(() => ({ status: true }));
    await renderPage(<LoginPage />, { path: '/login' });
    const group = screen.getByRole('group', { name: 'Language' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['English', 'हिन्दी', 'मराठी']);
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

describe('the language on the account', () => {
  it('logged in, a choice goes to the account too (api-set-language with the session)', async () => {
    const api = mockFetch(() => ({ status: true, msg: '', language: 'mr' }));
    await renderPage(<LanguageSwitch />, { path: '/imp', session: true });
    await userEvent.click(screen.getByRole('button', { name: 'मराठी' }));
    await waitFor(() => expect(currentLanguage()).toBe('mr'));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.call === 'api-set-language').map((c) => c.body)).toEqual([
        expect.objectContaining({ language: 'mr', unique_token: 't'.repeat(64) }),
      ]),
    );
  });

  it('logged out, the choice stays on the device only', async () => {
    const api = mockFetch(() => ({ status: true }));
    await renderPage(<LanguageSwitch />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await waitFor(() => expect(currentLanguage()).toBe('hi'));
    expect(api.calls.map((c) => c.call)).not.toContain('api-set-language');
  });

  it("a login takes up the account's language on this phone; an account without one gets this phone's", async () => {
    const api = mockFetch(() => ({ status: true, msg: '' }));
    await afterLogin('a'.repeat(64), 'hi');
    expect(currentLanguage()).toBe('hi');
    expect(localStorage.getItem('matka.lang')).toBe('hi');
    expect(api.calls).toEqual([]);
    await afterLogin('b'.repeat(64), undefined);
    expect(api.calls).toEqual([
      { call: 'api-set-language', body: expect.objectContaining({ language: 'hi', unique_token: 'b'.repeat(64) }) },
    ]);
    // English on the phone and none on the account: nothing to keep
    await setLanguage('en');
    await afterLogin('c'.repeat(64), null);
    expect(api.calls).toHaveLength(1);
  });
});

describe('dates in the language', () => {
  it("a date as the app and the server write it gets its month's name in Hindi and Marathi; English stays as it is", async () => {
    expect(tDate('28-November-2026')).toBe('28-November-2026');
    await setLanguage('hi');
    expect(tDate('28-November-2026')).toBe('28-नवंबर-2026');
    expect(tDate('01-May-2026 10:05 AM')).toBe('01-मई-2026 10:05 AM');
    await setLanguage('mr');
    expect(tDate('28-November-2026')).toBe('28-नोव्हेंबर-2026');
    // a text with no month name is left alone
    expect(tDate('11/28/2026')).toBe('11/28/2026');
  });
});

describe("the domain's composed texts on the phone", () => {
  it("an operator's own maximum per bid: English as the domain writes it, Hindi from its template", async () => {
    expect(tTemplate('maxBid', TEMPLATES.maxBid, { max: 500 })).toBe('Maximum bid amount is 500');
    await setLanguage('hi');
    expect(tTemplate('maxBid', TEMPLATES.maxBid, { max: 500 })).toBe('बोली ज़्यादा से ज़्यादा 500 पॉइंट की हो सकती है');
  });
});

describe('no English left in Hindi and Marathi', () => {
  it('the landing: its tiles and its ticker', async () => {
    mockFetch(() => ({ status: true }));
    await setLanguage('hi');
    await renderPage(<Landing />, { path: '/' });
    const tiles = screen.getByRole('navigation', { name: 'खेल और वॉलेट' });
    expect(tiles).toHaveTextContent('पैसे जोड़ें');
    expect(tiles).toHaveTextContent('गली दिसावर');
    expect(tiles).toHaveTextContent('कैसे खेलें');
    for (const english of ['AddFund', 'Withdraw', 'Gali Disawar', 'How To Play'])
      expect(tiles).not.toHaveTextContent(english);
    expect(document.body).toHaveTextContent('कृपया एंड्रॉइड ऐप डाउनलोड करें');
    expect(document.body).not.toHaveTextContent('PLEASE DOWNLOAD');
  });

  it('/htp in Hindi: the text asked in Hindi, and its video link in Hindi', async () => {
    const f = mockFetch(() => ({
      status: true,
      content: [{ how_to_play_content: '<p>पहले वॉलेट में पॉइंट जोड़ें</p>', video_link: 'https://video.example/v' }],
    }));
    await setLanguage('hi');
    await renderPage(<HowToPlayPage />, { path: '/htp' });
    expect(await screen.findByText('पहले वॉलेट में पॉइंट जोड़ें')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /ट्यूटोरियल वीडियो देखें/ })).toHaveAttribute(
      'href',
      'https://video.example/v',
    );
    expect(f.calls.map((c) => c.call)).toContain('api-how-to-play');
  });

  it('/gameRates names every bet type in Marathi', async () => {
    mockFetch((call) =>
      call === 'api-game-rates'
        ? {
            status: true,
            game_rates: [
              {
                single_digit_val_1: '10',
                single_digit_val_2: '95',
                jodi_digit_val_1: '10',
                jodi_digit_val_2: '950',
                half_sangam_val_1: '10',
                half_sangam_val_2: '10000',
              },
            ],
          }
        : { status: true },
    );
    await setLanguage('mr');
    await renderPage(<GameRatesPage />, { path: '/gameRates', session: true });
    const list = await screen.findByRole('list');
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(3));
    expect(list).not.toHaveTextContent(/Single|Jodi|Sangam/);
  });
});
