import type { Kysely } from 'kysely';
import type { DB } from './db/types';
import type { MarketFamily } from './db/columns';
import { parseHHMM } from './services/clock';

const DEMO_SETTINGS: Record<string, string> = {
  telegram_no: '9876500001',
  mobile_1: '9876500002',
  mobile_no: '9876500003',
  upi_id: 'matka@upi',
  google_upi_payment_id: 'matka@okaxis',
  phonepay_upi_payment_id: 'matka@ybl',
  payee_name: 'Matka Demo',
  min_amt: '100',
  min_withdrawal: '500',
  withdraw_open_time: '10:00 AM',
  withdraw_close_time: '11:00 PM',
  video_link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  how_to_play_content: [
    '<h3>How to play</h3>',
    '<ol>',
    '<li>Add points to your wallet with <b>Add Fund</b> (UPI or QR).</li>',
    '<li>Pick a market that shows <b>Market Open</b> and choose a game type: Single Digit, Jodi, Pana, Sangam, Motor.</li>',
    '<li>Enter your number and points (minimum 10), press <b>Proceed</b>, check the list and <b>Submit</b>.</li>',
    '<li>Results are declared at the market times; winnings are credited to your wallet at the game rates.</li>',
    '</ol>',
    '<p>Watch the tutorial video for a walk-through.</p>',
  ].join(''),
  // the same in Hindi and Marathi: players who chose the language read it (the operator edits all three)
  how_to_play_content_hi: [
    '<h3>कैसे खेलें</h3>',
    '<ol>',
    '<li><b>Add Fund</b> से अपने वॉलेट में पॉइंट जोड़ें (UPI या QR)।</li>',
    '<li><b>Market Open</b> दिखाने वाला मार्केट चुनें और खेल का प्रकार चुनें: सिंगल डिजिट, जोड़ी, पाना, संगम, मोटर।</li>',
    '<li>अपना नंबर और पॉइंट (कम से कम 10) डालें, <b>Proceed</b> दबाएँ, सूची जाँचें और <b>Submit</b> करें।</li>',
    '<li>नतीजे मार्केट के समय पर घोषित होते हैं; जीत गेम रेट के अनुसार आपके वॉलेट में जमा होती है।</li>',
    '</ol>',
    '<p>पूरी जानकारी के लिए ट्यूटोरियल वीडियो देखें।</p>',
  ].join(''),
  how_to_play_content_mr: [
    '<h3>कसे खेळायचे</h3>',
    '<ol>',
    '<li><b>Add Fund</b> ने तुमच्या वॉलेटमध्ये पॉइंट जमा करा (UPI किंवा QR).</li>',
    '<li><b>Market Open</b> दाखवणारा मार्केट निवडा आणि खेळाचा प्रकार निवडा: सिंगल डिजिट, जोडी, पाना, संगम, मोटर.</li>',
    '<li>तुमचा नंबर आणि पॉइंट (किमान 10) टाका, <b>Proceed</b> दाबा, यादी तपासा आणि <b>Submit</b> करा.</li>',
    '<li>निकाल मार्केटच्या वेळेवर जाहीर होतात; जिंकलेले पॉइंट गेम रेटनुसार तुमच्या वॉलेटमध्ये जमा होतात.</li>',
    '</ol>',
    '<p>संपूर्ण माहितीसाठी ट्युटोरियल व्हिडिओ पहा.</p>',
  ].join(''),
  deposit_rule: [
    '<p>Minimum deposit is 100 points (1 point = 1 INR).</p>',
    '<p>Pay by UPI or QR to the account shown, then keep the screenshot; points are added after the payment is verified.</p>',
    '<p>Deposits are processed 24x7.</p>',
  ].join(''),
  withdrawal_rule: [
    '<p>Minimum withdrawal is 500 points.</p>',
    '<p>Withdrawals are accepted from 10:00 AM to 11:00 PM and paid to your registered Paytm, Google Pay or PhonePe number.</p>',
    '<p>Requests are usually processed within 24 hours.</p>',
  ].join(''),
};

interface SeedMarket {
  family: MarketFamily;
  name: string;
  open: string;
  close: string;
}

const DEMO_MARKETS: SeedMarket[] = [
  { family: 'regular', name: 'MORNING STAR', open: '09:30', close: '10:30' },
  { family: 'regular', name: 'SRIDEVI', open: '11:35', close: '12:35' },
  { family: 'regular', name: 'TIME BAZAR', open: '13:00', close: '14:00' },
  { family: 'regular', name: 'MILAN DAY', open: '15:00', close: '17:00' },
  { family: 'regular', name: 'KALYAN', open: '15:45', close: '17:45' },
  { family: 'regular', name: 'SRIDEVI NIGHT', open: '19:00', close: '20:00' },
  { family: 'regular', name: 'MILAN NIGHT', open: '21:00', close: '23:00' },
  { family: 'regular', name: 'MAIN BAZAR', open: '21:35', close: '23:55' },
  ...Array.from({ length: 12 }, (_, i): SeedMarket => {
    const hh = String(10 + i).padStart(2, '0');
    const h12 = ((10 + i) % 12 || 12).toString().padStart(2, '0');
    return {
      family: 'starline',
      name: `STARLINE ${h12}:00 ${10 + i < 12 ? 'AM' : 'PM'}`,
      open: `${hh}:00`,
      close: `${hh}:00`,
    };
  }),
  { family: 'gali', name: 'DISAWAR', open: '04:30', close: '05:00' },
  { family: 'gali', name: 'FARIDABAD', open: '17:40', close: '18:00' },
  { family: 'gali', name: 'GHAZIABAD', open: '20:40', close: '21:00' },
  { family: 'gali', name: 'GALI', open: '23:00', close: '23:30' },
];

const DEMO_RATES: Record<MarketFamily, [string, number, number][]> = {
  regular: [
    ['single_digit', 10, 95],
    ['jodi_digit', 10, 950],
    ['single_pana', 10, 1500],
    ['double_pana', 10, 3000],
    ['tripple_pana', 10, 7000],
    ['half_sangam', 10, 10000],
    ['full_sangam', 10, 100000],
  ],
  starline: [
    ['single_digit', 10, 95],
    ['single_pana', 10, 1500],
    ['double_pana', 10, 3000],
    ['tripple_pana', 10, 7000],
  ],
  // Gali: left digit / right digit / jodi digit live in these pairs (spec section 2).
  gali: [
    ['single_digit', 10, 95],
    ['single_pana', 10, 95],
    ['double_pana', 10, 950],
  ],
};

/**
 * Demo data for a fresh database: markets, starline slots, Gali markets, rates and texts.
 * Markets are only added when there are none (first start); settings and rates never overwrite.
 * Returns true when markets were seeded.
 */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values(Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rates = (Object.keys(DEMO_RATES) as MarketFamily[]).flatMap((family) =>
      DEMO_RATES[family].map(([rate_key, val_1, val_2], i) => ({ family, rate_key, val_1, val_2, sort_order: i })),
    );
    await trx
      .insertInto('game_rates')
      .values(rates)
      .onConflict((oc) => oc.columns(['family', 'rate_key']).doNothing())
      .execute();
    const any = await trx.selectFrom('markets').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    await trx
      .insertInto('markets')
      .values(
        DEMO_MARKETS.map((m, i) => ({
          family: m.family,
          name: m.name,
          open_minute: parseHHMM(m.open)!,
          close_minute: parseHHMM(m.close)!,
          sort_order: i,
        })),
      )
      .execute();
    return true;
  });
}
