import { describe, expect, it } from 'vitest';
import {
  CONTRACT_VIEW_PATH,
  DEFAULT_SCENE,
  ErrorCode,
  RECOMMEND_SCENES,
  contractList,
  contractListGet,
  contractViewQuery,
  eventSave,
  googleScore,
  loanDetailPush,
  moduleIdForScene,
  pageEventSave,
  productApply,
  contactKfInfo,
  formInt,
  formText,
  safeText,
  loginSendCode,
  loginSmsLogin,
  phoneSchema,
  sharedParamsSchema,
  LEGACY_CODE,
  PERIOD_STATUS,
  bindCard,
  generateVcode,
  repaymentCommit,
} from '../index.ts';
import { asciiDigits, digitsOnly } from '../routes/text.ts';

describe('field helpers', () => {
  it('formInt takes numbers and digit strings only', () => {
    const s = formInt();
    expect(s.parse(30)).toBe(30);
    expect(s.parse('30')).toBe(30);
    expect(s.parse(' -7 ')).toBe(-7);
    for (const bad of ['', ' ', '3.5', 3.5, '1e3', 'abc', [30], true, null, undefined, {}, '9999999999999999']) {
      expect(s.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('formText trims and bounds', () => {
    const s = formText(5);
    expect(s.parse('  ab ')).toBe('ab');
    expect(s.safeParse('   ').success).toBe(false);
    expect(s.safeParse('abcdef').success).toBe(false);
    expect(s.safeParse(5).success).toBe(false);
  });

  it('text made only of zero-width characters is empty; inner ones are kept', () => {
    const s = formText(20);
    expect(s.safeParse('\u200B\u200B\u200B').success).toBe(false);
    expect(s.safeParse(' \u200C\u200D\u2060\uFEFF \n').success).toBe(false);
    expect(safeText(20, { min: 1, multiline: true }).safeParse('\u200B\r\n\u200B').success).toBe(false);
    expect(s.parse('\u200Bok\u200B')).toBe('ok');
    // A joiner inside an emoji sequence or a word is part of the text.
    expect(s.parse('👩\u200D💻 a\u200Cb')).toBe('👩\u200D💻 a\u200Cb');
  });

  it("digits typed on another script's keyboard are the same digits, in ASCII; the rest is dropped by digitsOnly", () => {
    // Full-width, Arabic-Indic, Persian, Devanagari, Bengali, Tamil, Javanese, Balinese.
    expect(digitsOnly('１３８００１２３４５６')).toBe('13800123456');
    expect(digitsOnly('١٣٨٠٠١٢٣٤٥٦')).toBe('13800123456');
    expect(digitsOnly('۱۳۸')).toBe('138');
    expect(digitsOnly('१३८००१२३४५६')).toBe('13800123456');
    expect(digitsOnly('১৩৮')).toBe('138');
    expect(digitsOnly('௧௩௮')).toBe('138');
    expect(digitsOnly('꧑꧓꧘')).toBe('138');
    expect(digitsOnly('᭑᭓᭘')).toBe('138');
    // Separators, letters, signs and other numerals (Roman, superscripts, circled) are not digits of a number.
    expect(digitsOnly('+62 812-3456 ⅫⅢ ²③ a')).toBe('628123456');
    // asciiDigits keeps everything else as it was.
    expect(asciiDigits('Rp ٥٠٠ ✓ é')).toBe('Rp 500 ✓ é');
  });
});

describe('endpoint schemas', () => {
  it('contact-kf-info requires overall = 30', () => {
    expect(contactKfInfo.request.parse({ overall: '30' })).toEqual({ overall: 30 });
    expect(contactKfInfo.request.safeParse({ overall: '31' }).success).toBe(false);
    expect(contactKfInfo.request.safeParse({}).success).toBe(false);
  });

  it('phones follow spec 5: 1, then 3-9, then 9 digits', () => {
    for (const ok of ['13800000000', '19912345678']) expect(phoneSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['12800000000', '1380000000', '138000000001', ' 13800000000', 13800000000]) {
      expect(phoneSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(loginSendCode.response.parse({ sent: true, resendAfter: 60 })).toEqual({ sent: true, resendAfter: 60 });
  });

  it('sms-login needs a 6-digit code', () => {
    expect(loginSmsLogin.request.safeParse({ phone: '13800000000', smsCode: '012345' }).success).toBe(true);
    expect(loginSmsLogin.request.safeParse({ phone: '13800000000', smsCode: '12345' }).success).toBe(false);
    expect(loginSmsLogin.request.safeParse({ phone: '13800000000', smsCode: 123456 }).success).toBe(false);
  });

  it('shared params are optional strings of at most 256 characters', () => {
    expect(sharedParamsSchema.parse({ tok: 'a', other: 'x' })).toEqual({ tok: 'a' });
    expect(sharedParamsSchema.safeParse({ tok: ['a', 'b'] }).success).toBe(false);
    expect(sharedParamsSchema.safeParse({ dId: 'x'.repeat(257) }).success).toBe(false);
  });
});

describe('constants', () => {
  it('error codes and demo order names are stable', () => {
    expect(Object.values(ErrorCode)).toEqual([
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'PAYLOAD_TOO_LARGE',
      'RATE_LIMITED',
      'SERVER_ERROR',
      'PRODUCT_UNAVAILABLE',
      'PAYMENT_REFUSED',
      'CONFLICT',
      // Issue 11: spec 9 early prepayment refused (docs/repayment.md).
      'EARLY_REPAYMENT',
    ]);
  });
});

describe('loan schemas', () => {
  it('moduleIdForScene: 301 jingzhun, 302 fudai, 300 otherwise (spec 7.5)', () => {
    expect(RECOMMEND_SCENES.map(moduleIdForScene)).toEqual([301, 301, 302, 302]);
    expect(moduleIdForScene(DEFAULT_SCENE)).toBe(300);
    expect(moduleIdForScene('')).toBe(300);
    expect(moduleIdForScene(undefined)).toBe(300);
  });

  it('event and position ids are non-negative integers', () => {
    expect(eventSave.request.parse({ productId: '1', moduleId: '30', positionId: '0' })).toEqual({
      productId: 1,
      moduleId: 30,
      positionId: 0,
    });
    expect(pageEventSave.request.safeParse({ productId: '1', moduleId: '300', positionId: '-1' }).success).toBe(false);
    expect(productApply.request.parse({ product_id: 2, module_id: 302 })).toEqual({ product_id: 2, module_id: 302, scene: '' });
    expect(productApply.request.safeParse({ product_id: 2, module_id: -300 }).success).toBe(false);
  });

  it('score 1-5 only; loan-detail-push needs day terms and loanType 1', () => {
    for (const ok of ['1', 5]) expect(googleScore.request.safeParse({ score: ok }).success).toBe(true);
    for (const bad of ['0', '6', 4.5, '']) expect(googleScore.request.safeParse({ score: bad }).success).toBe(false);
    const push = { amount: '300000000', periods: '91', termUnit: 'day', productId: '1', loanType: '1' };
    expect(loanDetailPush.request.parse(push)).toEqual({ amount: 300_000_000, periods: 91, termUnit: 'day', productId: 1, loanType: 1 });
    expect(loanDetailPush.request.safeParse({ ...push, termUnit: 'month' }).success).toBe(false);
    expect(loanDetailPush.request.safeParse({ ...push, loanType: '2' }).success).toBe(false);
  });

  it('the contract list by GET is the POST one with another method; the view query', () => {
    expect({ ...contractListGet, name: 'contractList', method: 'POST' }).toEqual(contractList);
    expect(CONTRACT_VIEW_PATH).toBe('/v3/contract/view');
    expect(contractViewQuery.parse({ id: '1', tok: 'x' })).toEqual({ id: 1, orderId: '' });
    expect(contractViewQuery.safeParse({ id: '0' }).success).toBe(false);
  });
});

describe('repayment schemas', () => {
  it('generate-vcode: defaults for a new repayment (spec 4.6 is_default 1)', () => {
    expect(generateVcode.request.parse({ productId: '1', orderId: 'DEMO-170', amount: '261375000', is_default: '1' })).toEqual({
      productId: 1,
      orderId: 'DEMO-170',
      amount: 261_375_000,
      payCode: '',
      is_default: 1,
      is_display: 0,
      specific_num: '',
      repayType: 'full',
    });
    expect(generateVcode.request.safeParse({ productId: '1', orderId: 'x', amount: '0', is_default: '1' }).success).toBe(false);
    // Amounts are bigint minor units: Rp 30.000.000 (3e9 sen) is beyond a 32-bit integer and still an amount.
    expect(generateVcode.request.parse({ productId: '1', orderId: 'x', amount: '3000000000', is_default: '1' }).amount).toBe(3_000_000_000);
    expect(repaymentCommit.request.parse({ orderId: 'x', cardId: '2', amount: 3_000_000_000, sendMsg: '0' }).amount).toBe(3_000_000_000);
    expect(loanDetailPush.request.shape.amount.safeParse('3000000000').success).toBe(true);
    expect(generateVcode.request.safeParse({ productId: '1', orderId: 'x', amount: '1'.repeat(16), is_default: '1' }).success).toBe(false);
    expect(generateVcode.request.safeParse({ productId: '1', orderId: 'x', amount: '1', is_default: '1', pay_type: '3' }).success).toBe(
      false,
    );
    expect(generateVcode.request.safeParse({ productId: '1', orderId: 'x', amount: '1', is_default: '1', repayType: 'half' }).success).toBe(
      false,
    );
  });

  it('bind-card takes 10-19 digits, grouped as typed or not', () => {
    const card = { bankCode: 'BCA', holderName: 'Budi' };
    expect(bindCard.request.parse({ ...card, cardNo: '6019 0000 1111 2222' }).cardNo).toBe('6019000011112222');
    expect(bindCard.request.parse({ ...card, cardNo: '1234567890' }).cardNo).toBe('1234567890');
    for (const bad of ['123456789', '12345678901234567890', '6019-0000-1111-222x', '']) {
      expect(bindCard.request.safeParse({ ...card, cardNo: bad }).success, bad).toBe(false);
    }
  });

  it('legacy commit sends sendMsg 0 or 1; spec 8 codes; period statuses; demo cards', () => {
    expect(repaymentCommit.request.parse({ orderId: 'DEMO-3', cardId: '2', amount: '104550000', sendMsg: '0' })).toEqual({
      orderId: 'DEMO-3',
      cardId: 2,
      amount: 104_550_000,
      sendMsg: 0,
    });
    expect(repaymentCommit.request.safeParse({ orderId: 'DEMO-3', cardId: '2', amount: '1', sendMsg: '2' }).success).toBe(false);
    expect(LEGACY_CODE).toEqual({ wrongCode: 800006, duplicate: 800005 });
    expect(PERIOD_STATUS.confirming).toBe(500);
    expect(new Set(Object.values(PERIOD_STATUS)).size).toBe(4);
  });
});
