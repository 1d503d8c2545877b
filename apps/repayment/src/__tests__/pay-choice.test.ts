import { describe, expect, it } from 'vitest';
import * as contracts from '@lendview/contracts';
import { loadPayChoice, payChoiceKey, savePayChoice } from '../lib/pay-choice.ts';
import { paymentContext } from '../lib/links.ts';
import { vcodeRequest } from '../lib/vcode-request.ts';

describe('the saved method of an order (spec 4.6)', () => {
  it('is kept per order with default flag 0', () => {
    expect(savePayChoice('DEMO-170', { payType: 2, payCode: 'ALFAMART', specificNum: '' })).toBe(true);
    expect(JSON.parse(localStorage.getItem(payChoiceKey('DEMO-170'))!)).toEqual({
      payType: 2,
      payCode: 'ALFAMART',
      specificNum: '',
      isDefault: 0,
    });
    expect(loadPayChoice('DEMO-170')).toEqual({ payType: 2, payCode: 'ALFAMART', specificNum: '', isDefault: 0 });
    expect(loadPayChoice('DEMO-174')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(payChoiceKey('X'), '{nope');
    expect(loadPayChoice('X')).toBeNull();
    localStorage.setItem(payChoiceKey('X'), JSON.stringify({ payType: 3, payCode: 'A', specificNum: '', isDefault: 0 }));
    expect(loadPayChoice('X')).toBeNull();
    expect(loadPayChoice('')).toBeNull();
  });
});

describe('the generate-vcode request', () => {
  const ctx = paymentContext(new URLSearchParams('productId=1&orderId=DEMO-INST&amount=100&display=1&repayType=installment&periods=2'));

  it('with a saved choice: its type, code and channel, is_default 0', () => {
    const req = vcodeRequest(ctx, 100, { payType: 1, payCode: 'BCA', specificNum: '101', isDefault: 0 });
    expect(req).toEqual({
      productId: '1',
      orderId: 'DEMO-INST',
      amount: 100,
      is_display: 1,
      repayType: 'installment',
      periods: 2,
      pay_type: 1,
      payCode: 'BCA',
      specific_num: '101',
      is_default: 0,
    });
    // The contract accepts it.
    expect(contracts.generateVcode.request.safeParse(req).success).toBe(true);
  });

  it('without one: is_default 1, no code; a full repayment when the link names no type', () => {
    const full = paymentContext(new URLSearchParams('productId=1&orderId=DEMO-170&amount=100'));
    const req = vcodeRequest(full, 100, null);
    expect(req).toEqual({
      productId: '1',
      orderId: 'DEMO-170',
      amount: 100,
      is_display: 0,
      repayType: 'full',
      periods: undefined,
      payCode: '',
      specific_num: '',
      is_default: 1,
    });
    expect(contracts.generateVcode.request.safeParse(req).success).toBe(true);
  });

  it('nothing to ask without an order or an amount', () => {
    expect(vcodeRequest(ctx, null, null)).toBeNull();
    expect(vcodeRequest(paymentContext(new URLSearchParams('productId=1&amount=5')), 5, null)).toBeNull();
  });
});
