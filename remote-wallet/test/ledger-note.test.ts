import { setLanguage } from '@matka/shared/i18n';
import '../src/routes';
import { ledgerNote } from '../src/lib/ledgerNote';

afterEach(async () => {
  await setLanguage('en');
});

describe("the wallet history's notes in the player's language", () => {
  const notes = [
    'Win KALYAN Single Digit 5 (Open)',
    'Bid MILAN DAY Jodi Digit x3',
    'Fund added (request D12)',
    'Withdrawal request W3 (Google Pay 9123456780)',
    'Withdrawal request W3 cancelled: points returned',
    'Transferred to Ravi (9876543210)',
    'Received from Ravi (9876543210)',
    'Result corrected: win reversed KALYAN Single Digit 5 (Open) (4060 not in the wallet)',
  ];

  it('English stays as the server wrote it', () => {
    for (const n of notes) expect(ledgerNote(n)).toBe(n);
  });

  it('Hindi: no English phrase or game word is left; names and numbers stay', async () => {
    await setLanguage('hi');
    expect(ledgerNote('Win KALYAN Single Digit 5 (Open)')).toBe('जीत KALYAN सिंगल अंक 5 (ओपन)');
    for (const n of notes) {
      const out = ledgerNote(n);
      expect(out).not.toMatch(
        /\b(Win|Bid|Fund|Withdrawal|request|Transferred|Received|Result|Single|Digit|Jodi|Open)\b/,
      );
      for (const kept of ['KALYAN', 'MILAN DAY', 'D12', 'W3', 'Google Pay', '9876543210', 'Ravi']) {
        if (n.includes(kept)) expect(out).toContain(kept);
      }
    }
    // an operator's own note stays as written
    expect(ledgerNote('Bonus for the festival')).toBe('Bonus for the festival');
  });
});
