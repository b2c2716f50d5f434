import {
  MSG,
  POINTS_WHOLE,
  UPI_APPS_BY_TYPE,
  WITHDRAW_METHOD_CODES,
  depositProblem,
  methodNumberFields,
  minAddAmount,
  minWithdraw,
  transferProblem,
  upiAppOfMethod,
  upiAppOfType,
  upiPayUri,
  withdrawProblem,
} from '..';

describe('payment facts', () => {
  it('names each UPI app once with its code in every call', () => {
    expect(UPI_APPS_BY_TYPE.map((a) => [a.upiType, a.label, a.numberField])).toEqual([
      [1, 'Paytm', 'paytm_no'],
      [2, 'GPay', 'google_pay_no'],
      [3, 'PhonePe', 'phon_pay_no'],
    ]);
    expect(WITHDRAW_METHOD_CODES.map((m) => upiAppOfMethod(m).name)).toEqual(['Google Pay', 'Paytm', 'PhonePe']);
    expect(upiAppOfType(3).method).toBe('4');
    expect(methodNumberFields('3', '9876543210')).toEqual({
      paytm_number: '9876543210',
      google_pay_number: '',
      phone_pay_number: '',
    });
    expect(methodNumberFields('9', '1')).toEqual({ paytm_number: '', google_pay_number: '', phone_pay_number: '' });
  });

  it('builds one UPI link: the payee address keeps its @, the rest is percent-encoded', () => {
    expect(upiPayUri({ pa: 'shop@ybl', pn: 'Matka Pay' })).toBe('upi://pay?pa=shop@ybl&pn=Matka%20Pay&cu=INR');
    expect(upiPayUri({ pa: 'a@b&c', pn: 'X', am: 500, tn: 'Add Funds' })).toBe(
      'upi://pay?pa=a@b%26c&pn=X&am=500&tn=Add%20Funds&cu=INR',
    );
  });
});

describe('money checks', () => {
  it('a deposit: at least the minimum', () => {
    expect(depositProblem(100, 500)).toBe(minAddAmount(500));
    expect(depositProblem(500, 500)).toBe('');
  });

  it('a withdrawal: the balance first, then the minimum', () => {
    expect(withdrawProblem(900, 800, 1000)).toBe(MSG.walletLimitExceeded);
    expect(withdrawProblem(700, 800, 1000)).toBe(minWithdraw(1000));
    expect(withdrawProblem(1000, 5000, 1000)).toBe('');
  });

  it('a transfer: below 100 (any number), whole points, then the balance', () => {
    expect(transferProblem(50.5, 1000)).toBe(MSG.transferPointsMin);
    expect(transferProblem(-5, 1000)).toBe(MSG.transferPointsMin);
    expect(transferProblem(150.5, 1000)).toBe(POINTS_WHOLE);
    expect(transferProblem(1500, 1000)).toBe(MSG.transferNotEnoughPoints);
    expect(transferProblem(100, 1000)).toBe('');
  });
});
