import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from '@lendview/i18n';
import { amountParam, parseAmountParam } from '../lib/amount.ts';
import { groupDigits } from '../lib/clipboard.ts';
import { isShownRow, visibleRows } from '../lib/detail-rows.ts';
import { complaintUrl, loanDetailsUrl, methodUrl, paymentContext, vaUrl } from '../lib/links.ts';
import { extensionPaymentUrl, instalmentPaymentUrl } from '../lib/payment-urls.ts';

describe('amounts (spec 9)', () => {
  it('shows minor units with dot separators in Indonesian and commas in English', () => {
    expect(formatAmount(131_250_300, 'id')).toBe('1.312.503');
    expect(formatMoney(131_250_300, 'id')).toBe('Rp 1.312.503');
    expect(formatMoney(131_250_300, 'en')).toBe('₹1,312,503');
    expect(formatMoney(131_250_350, 'id')).toBe('Rp 1.312.503,50');
  });

  it('a URL amount is plain digits of minor units; dots of a dot-grouped amount are stripped', () => {
    expect(amountParam(131_250_300)).toBe('131250300');
    expect(parseAmountParam('131250300')).toBe(131_250_300);
    expect(parseAmountParam('131.250.300')).toBe(131_250_300);
    expect(parseAmountParam(' 42 ')).toBe(42);
  });

  it('anything that is not a positive whole number of minor units is not an amount', () => {
    for (const bad of ['', '0', '000', '-5', '12,5', '1e5', 'abc', '12.5.x', null, undefined]) {
      expect(parseAmountParam(bad), String(bad)).toBeNull();
    }
    expect(amountParam(0)).toBe('');
    expect(amountParam(-1)).toBe('');
    expect(amountParam(1.5)).toBe('');
  });
});

describe('links', () => {
  const ctx = paymentContext(
    new URLSearchParams('productId=1&orderId=DEMO-INST&amount=87500200&display=1&repayType=installment&periods=2'),
  );

  it('carries order, amount, display=1, repayType and periods through the method choice and back', () => {
    expect(methodUrl(ctx)).toBe('/individual?productId=1&orderId=DEMO-INST&amount=87500200&display=1&repayType=installment&periods=2');
    expect(vaUrl(ctx)).toBe('/that?productId=1&orderId=DEMO-INST&amount=87500200&display=1&repayType=installment&periods=2');
  });

  it('leaves display out unless it is 1, and drops an unknown repayType', () => {
    const plain = paymentContext(new URLSearchParams('productId=1&orderId=DEMO-170&amount=5&display=0&repayType=bogus'));
    expect(methodUrl(plain)).toBe('/individual?productId=1&orderId=DEMO-170&amount=5');
  });

  it('an amount that came with dots goes on as plain digits (issue 40: the method-choice link kept "261.375.000")', () => {
    const dotted = paymentContext(new URLSearchParams('productId=1&orderId=DEMO-170&amount=261.375.000'));
    expect(methodUrl(dotted)).toBe('/individual?productId=1&orderId=DEMO-170&amount=261375000');
    expect(vaUrl(dotted)).toBe('/that?productId=1&orderId=DEMO-170&amount=261375000');
    // Not an amount: passed on as it came, for the page to refuse with its own message.
    expect(paymentContext(new URLSearchParams('amount=abc')).amount).toBe('abc');
  });

  it('pay-now links of the instalment and extension pages', () => {
    expect(instalmentPaymentUrl('1', 'DEMO-INST', 87_500_300, 2)).toBe(
      '/that?productId=1&orderId=DEMO-INST&amount=87500300&repayType=installment&periods=2',
    );
    expect(extensionPaymentUrl('1', 'DEMO-174', 18_000_000)).toBe('/that?productId=1&orderId=DEMO-174&amount=18000000&repayType=delay');
  });

  it('loan details and the complaint entry', () => {
    expect(loanDetailsUrl('1', 'DEMO-170')).toBe('/loanDetails?productId=1&orderId=DEMO-170');
    expect(complaintUrl('DEMO-170')).toBe('/complaint?orderNo=DEMO-170');
  });
});

describe('small helpers', () => {
  it('groups a virtual account number in fours; leaves other codes alone', () => {
    expect(groupDigits('8808123456789012')).toBe('8808 1234 5678 9012');
    expect(groupDigits('88081')).toBe('8808 1');
    expect(groupDigits('ALF7788')).toBe('ALF7788');
  });

  it('hides detail rows whose value is empty or 0', () => {
    expect(isShownRow({ text: 'a', value: '0' })).toBe(false);
    expect(isShownRow({ text: 'a', value: ' ' })).toBe(false);
    expect(isShownRow({ text: 'a', value: '0.00' })).toBe(true);
    expect(isShownRow({ text: 'a', value: 'Rp 0' })).toBe(true);
    expect(
      visibleRows([
        { text: 'a', value: '1' },
        { text: 'b', value: '' },
      ]).map((r) => r.text),
    ).toEqual(['a']);
  });
});
