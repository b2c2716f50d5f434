import {
  BET_TYPES,
  MSG,
  buildNewResult,
  messageText,
  parseSubmission,
  validateBid,
  type BetTypeId,
  type BidInput,
  type BidRow,
  type Session,
} from '../index';

const rowsOf = (type: BetTypeId, input: Partial<BidInput>): BidRow[] => {
  const r = validateBid(type, { digit: '', points: 10, balance: 1e9, session: 'Open', ...input });
  if (!r.ok) throw new Error(r.message);
  return r.rows;
};
const base = { token: 'tok', gameId: 7, gameName: 'KALYAN', bidDate: '22-November-2026' };
const build = (betType: BetTypeId, session: Session, rows: BidRow[]) =>
  buildNewResult({ ...base, family: BET_TYPES[betType].family, betType, rows: rows.map((r) => ({ ...r, session })) });

describe('buildNewResult', () => {
  test('single digit, Close session: rows as given', () => {
    expect(
      build('single_digit', 'Close', rowsOf('single_digit', { digit: '5', session: 'Close', points: 20 })),
    ).toEqual([
      {
        unique_token: 'tok',
        Gamename: 'KALYAN',
        totalbit: 20,
        gameid: '7',
        pana: 'Single Digit',
        gametype: 'Single Digit',
        bid_date: '22-November-2026',
        session: 'Close',
        result: [{ digits: '5', closedigits: '', points: 20, session: 'Close' }],
      },
    ]);
  });

  test('Open session conversion to digits / closedigits / pana / closepana', () => {
    const wire = (type: BetTypeId, input: Partial<BidInput>) => build(type, 'Open', rowsOf(type, input))[0].result[0];
    expect(wire('single_digit', { digit: '5' })).toEqual({
      digits: '5',
      closedigits: '',
      pana: '',
      closepana: '',
      points: 10,
      session: 'Open',
    });
    expect(wire('single_pana', { digit: '123' })).toEqual({
      digits: '6',
      closedigits: '',
      pana: '123',
      closepana: '',
      points: 10,
      session: 'Open',
    });
    expect(wire('half_sangam', { digit: '4', closeDigit: '468' })).toEqual({
      digits: '4',
      closedigits: '8',
      pana: '',
      closepana: '468',
      points: 10,
      session: 'Open',
    });
    expect(wire('half_sangam', { digit: '123', closeDigit: '8', halfSangamForm: 'openPanaCloseDigit' })).toEqual({
      digits: '6',
      closedigits: '8',
      pana: '123',
      closepana: '',
      points: 10,
      session: 'Open',
    });
    expect(wire('full_sangam', { digit: '123', closeDigit: '468' })).toEqual({
      digits: '6',
      closedigits: '8',
      pana: '123',
      closepana: '468',
      points: 10,
      session: 'Open',
    });
  });

  test('Jodi is always Close; starline and Gali have no gametype and fixed sessions', () => {
    const [j] = build('jodi_digit', 'Open', rowsOf('jodi_digit', { digit: '68' }));
    expect(j).toMatchObject({
      session: 'Close',
      pana: 'Jodi Digit',
      gametype: 'Jodi Digit',
      result: [{ digits: '68', closedigits: '', session: 'Close' }],
    });
    const [s] = build('starline_double_pana', 'Close', rowsOf('starline_double_pana', { digit: '550' }));
    expect(s).toEqual({
      unique_token: 'tok',
      Gamename: 'KALYAN',
      totalbit: 10,
      gameid: '7',
      pana: 'Double Pana',
      bid_date: '22-November-2026',
      session: 'Open',
      result: [{ digits: '550', closedigits: '', points: 10, session: 'Open' }],
    });
    const [g] = build('gali_left_digit', 'Open', rowsOf('gali_left_digit', { digit: '4' }));
    expect(g).toMatchObject({ pana: 'Left Digit', session: 'Close', result: [{ digits: '4', session: 'Open' }] });
    expect(g).not.toHaveProperty('gametype');
  });

  test('SP DP TP splits into Single, Double, Triple Pana requests; motors send one', () => {
    const reqs = build(
      'sp_dp_tp',
      'Close',
      rowsOf('sp_dp_tp', { digit: '0', session: 'Close', flags: { SP: true, DP: true, TP: true } }),
    );
    expect(reqs.map((r) => [r.pana, r.gametype, r.result.length, r.totalbit])).toEqual([
      ['Single Pana', 'SP DP TP', 12, 120],
      ['Double Pana', 'SP DP TP', 9, 90],
      ['Triple Pana', 'SP DP TP', 1, 10],
    ]);
    const dpOnly = build(
      'sp_dp_tp',
      'Close',
      rowsOf('sp_dp_tp', { digit: '0', session: 'Close', flags: { SP: false, DP: true, TP: false } }),
    );
    expect(dpOnly.map((r) => r.pana)).toEqual(['Double Pana']);
    const motor = build('sp_motor', 'Open', rowsOf('sp_motor', { digit: '12345' }));
    expect(motor).toHaveLength(1);
    expect(motor[0]).toMatchObject({ pana: 'SP Motor', gametype: 'SP Motor', totalbit: 100 });
  });

  test('nothing to send', () => {
    expect(build('single_digit', 'Open', [])).toEqual([]);
    expect(
      buildNewResult({
        ...base,
        family: 'regular',
        betType: 'zzz' as BetTypeId,
        rows: rowsOf('single_digit', { digit: '1' }),
      }),
    ).toEqual([]);
  });
});

describe('parseSubmission inverts buildNewResult for every bet type and session', () => {
  const inputs: Array<[BetTypeId, Partial<BidInput>]> = [
    ['single_digit', { digit: '5' }],
    ['jodi_digit', { digit: '07' }],
    ['single_pana', { digit: '120' }],
    ['double_pana', { digit: '900' }],
    ['triple_pana', { digit: '000' }],
    ['half_sangam', { digit: '4', closeDigit: '468' }],
    ['half_sangam', { digit: '468', closeDigit: '4', halfSangamForm: 'openPanaCloseDigit' }],
    ['full_sangam', { digit: '123', closeDigit: '000' }],
    ['sp_dp_tp', { digit: '3', flags: { SP: true, DP: true, TP: true } }],
    ['sp_motor', { digit: '0145' }],
    ['dp_motor', { digit: '019' }],
    ['starline_single_digit', { digit: '0' }],
    ['starline_single_pana', { digit: '890' }],
    ['starline_double_pana', { digit: '100' }],
    ['starline_triple_pana', { digit: '555' }],
    ['gali_left_digit', { digit: '1' }],
    ['gali_right_digit', { digit: '2' }],
    ['gali_jodi_digit', { digit: '00' }],
  ];
  const cases = inputs.flatMap(([t, i]) => (['Open', 'Close'] as Session[]).map((s) => [t, s, i] as const));
  test.each(cases)('%s %s %j', (type, session, input) => {
    const rows = rowsOf(type, { ...input, session, points: 15 });
    const family = BET_TYPES[type].family;
    const requests = build(type, session, rows);
    const back = requests.flatMap((nr) => {
      const p = parseSubmission(family, {
        unique_token: 'tok',
        game_id: 7,
        new_result: JSON.parse(JSON.stringify(nr)),
      });
      if (!p.ok) throw new Error(messageText(p.message));
      expect(p).toMatchObject({ betType: type, gameId: '7', bidDate: '22-November-2026', session: rows[0].session });
      return p.rows;
    });
    expect(back).toEqual(rows);
  });
});

describe('parseSubmission rejects what validateRow rejects and never trusts totalbit', () => {
  const good = {
    unique_token: 'tok',
    Gamename: 'KALYAN',
    totalbit: 1,
    gameid: '7',
    pana: 'Single Digit',
    gametype: 'Single Digit',
    bid_date: '22-November-2026',
    session: 'Close',
    result: [{ digits: '5', closedigits: '', points: '20', session: 'Close' }],
  };
  /** the result with a refusal's English (a composed one carries its template besides) */
  const english = (r: ReturnType<typeof parseSubmission>) => (r.ok ? r : { ...r, message: messageText(r.message) });
  const parse = (patch: object, family: 'regular' | 'starline' | 'gali' = 'regular') =>
    english(parseSubmission(family, { ...good, ...patch }));
  test('accepted, totalbit ignored, spellings normalised', () => {
    expect(parse({ session: 'closed', result: [{ digits: '5', points: '20', session: 'close' }] })).toEqual({
      ok: true,
      betType: 'single_digit',
      session: 'Close',
      gameId: '7',
      bidDate: '22-November-2026',
      rows: [{ digits: '5', closedigits: '', points: 20, session: 'Close', pana: 'Single Digit' }],
      // the row's word as sent, which the histories echo
      sentSessions: ['close'],
    });
    expect(parse({ bid_date: '05-march-2026' })).toMatchObject({ ok: true, bidDate: '5-March-2026' });
    expect(parse({ gametype: undefined, pana: 'single digit' })).toMatchObject({ ok: true, betType: 'single_digit' });
    expect(parse({ session: 'Open', result: [{ digits: '5', closedigits: '', points: 20 }] })).toMatchObject({
      ok: true,
      session: 'Open',
      sentSessions: [null],
    });
    // a row that sends the stored word: nothing to echo
    expect(parse({ session: 'Close', result: [{ digits: '5', points: 20, session: 'Close' }] })).toMatchObject({
      sentSessions: [null],
    });
    // a Jodi is Close whatever it says, and its history echoes the word it was sent with
    expect(
      parse({ gametype: 'Jodi Digit', session: 'OPEN', result: [{ digits: '45', points: 20, session: 'OPEN' }] }),
    ).toMatchObject({ ok: true, session: 'Close', sentSessions: ['OPEN'] });
    expect(
      parse({ gametype: 'Jodi Digit', session: 'Open', result: [{ digits: '45', points: 20, session: 'Open' }] }),
    ).toMatchObject({ ok: true, session: 'Close', sentSessions: ['Open'] });
  });
  test.each([
    [null, MSG.invalidRequest],
    [[], MSG.invalidRequest],
    ['x', MSG.invalidRequest],
  ])('body %j', (body, message) => expect(english(parseSubmission('regular', body))).toEqual({ ok: false, message }));
  test.each([
    [{ gametype: 'Left Digit', pana: 'Left Digit' }, MSG.unknownBetType],
    [{ session: 'Later' }, MSG.selectSession],
    [{ gameid: '' }, MSG.invalidGame],
    [{ bid_date: '2026-11-22' }, MSG.invalidBidDate],
    [{ result: [] }, MSG.noBids],
    [{ result: 'x' }, MSG.noBids],
    [{ result: Array(501).fill(good.result[0]) }, MSG.tooManyBids],
    [{ result: [null] }, MSG.enterNumber],
    [{ result: [{ digits: '5', points: 20, session: 'Open' }] }, MSG.selectSession],
    [{ result: [{ digits: '55', points: 20 }] }, 'Number 55 is not valid'],
    [{ result: [{ digits: '5', points: 9 }] }, MSG.minBid],
    [{ result: [{ digits: '5', points: -100 }] }, MSG.minBid],
    [{ result: [{ digits: '5', points: 1e12 }] }, MSG.maxBid],
    [
      { session: 'Open', result: [{ digits: '7', pana: '123', closedigits: '', closepana: '', points: 20 }] },
      'Number 123 is not valid',
    ],
  ])('%j -> %s', (patch, message) => expect(parse(patch)).toEqual({ ok: false, message }));
  describe('as deployed clients send it', () => {
    test('regular: the session in gametype, the bet name in session, points as strings, rows in lower case', () => {
      const r = parse({
        pana: undefined,
        gametype: 'Close',
        session: 'Single Digit',
        result: [{ digits: '5', closedigits: '', points: '10', session: 'close' }],
      });
      expect(r).toMatchObject({
        ok: true,
        betType: 'single_digit',
        session: 'Close',
        rows: [{ digits: '5', points: 10 }],
      });
    });
    test('regular Open: a row pana that is a bet name is not a pana', () => {
      const r = parse({
        gametype: 'Open',
        session: 'Single Digit',
        pana: 'Single Digit',
        result: [{ digits: '7', closedigits: '', pana: 'Single Digit', points: '20', session: 'open' }],
      });
      expect(r).toMatchObject({ ok: true, session: 'Open', rows: [{ digits: '7', session: 'Open', points: 20 }] });
      // a real pana there must still agree with the digit
      expect(
        parse({ gametype: 'Single Pana', session: 'Open', result: [{ digits: '7', pana: '124', points: 10 }] }),
      ).toMatchObject({ ok: true, rows: [{ digits: '124' }] });
      expect(
        parse({ gametype: 'Single Pana', session: 'Open', result: [{ digits: '6', pana: '124', points: 10 }] }),
      ).toEqual({ ok: false, message: 'Number 124 is not valid' });
    });
    test.each([
      ['Open in gametype, Close in session', { gametype: 'Open', session: 'Close', pana: 'Single Digit' }],
      ['Open in session, Close in a row', { session: 'Open', result: [{ digits: '5', points: 10, session: 'Close' }] }],
      ['no session anywhere', { session: '', result: [{ digits: '5', points: 10, session: '' }] }],
      ['a word that is neither', { session: 'Evening' }],
    ])('ambiguous or missing session (%s): refused', (_, patch) => {
      expect(parse(patch)).toEqual({ ok: false, message: MSG.selectSession });
    });
    test('a regular Jodi is always Close and a Full Sangam always Open, whatever session word comes with them', () => {
      const jodi = parse({
        gametype: undefined,
        pana: 'Jodi Digit',
        session: 'Open',
        result: [{ digits: '42', closedigits: '', points: '10', session: 'Open' }],
      });
      expect(jodi).toMatchObject({ ok: true, betType: 'jodi_digit', session: 'Close', rows: [{ session: 'Close' }] });
      expect(
        parse({ gametype: undefined, pana: 'Jodi Digit', session: 'Evening', result: [{ digits: '42', points: 10 }] }),
      ).toEqual({ ok: false, message: MSG.selectSession });
    });
    test("Gali: rows with session '' (Gali is always Close)", () => {
      const r = parse(
        {
          pana: 'Jodi Digit',
          gametype: undefined,
          session: 'Close',
          result: [{ digits: '47', closedigits: '', points: '10', session: '' }],
        },
        'gali',
      );
      expect(r).toMatchObject({ ok: true, betType: 'gali_jodi_digit', rows: [{ digits: '47', points: 10 }] });
    });
  });
  test('SP DP TP rows must match the request pana kind', () => {
    const body = {
      ...good,
      gametype: 'SP DP TP',
      pana: 'Single Pana',
      result: [{ digits: '112', closedigits: '', points: 10, session: 'Close' }],
    };
    expect(english(parseSubmission('regular', body))).toEqual({ ok: false, message: 'Number 112 is not valid' });
    expect(parseSubmission('regular', { ...body, pana: 'Double Pana' })).toMatchObject({
      ok: true,
      betType: 'sp_dp_tp',
    });
  });
  test('family scoped: a regular body is not a Gali bid', () => {
    expect(parse({}, 'gali')).toEqual({ ok: false, message: MSG.unknownBetType });
    expect(
      parse(
        {
          pana: 'Left Digit',
          gametype: undefined,
          session: 'Close',
          result: [{ digits: '4', points: 10, session: 'Open' }],
        },
        'gali',
      ),
    ).toMatchObject({ ok: true, betType: 'gali_left_digit', session: 'Open' });
  });
});
