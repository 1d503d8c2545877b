import { describe, expect, it } from 'vitest';
import * as C from '@lendview/contracts';
import { CHANNEL_TEMPLATE_PATH } from '../api/channel-template.ts';
import { GET_SID_PATH } from '../api/get-sid.ts';
import { GET_SMS_PATH } from '../api/get-sms.ts';
import { OPS_LOGIN_PATH } from '../api/ops-login.ts';
import { OPS_LOGOUT_PATH } from '../api/ops-logout.ts';
import { OPS_TEMPLATE_CREATE_PATH } from '../api/ops-template-create.ts';
import { OPS_TEMPLATE_DETAIL_PATH } from '../api/ops-template-detail.ts';
import { OPS_TEMPLATE_LIST_PATH } from '../api/ops-template-list.ts';
import { OPS_TEMPLATE_PUBLISH_PATH } from '../api/ops-template-publish.ts';
import { OPS_TEMPLATE_SAVE_PATH } from '../api/ops-template-save.ts';
import { REGISTER_PATH } from '../api/register.ts';
import { TRACK_CLICK_PATH } from '../api/track-click.ts';
import { TRACK_VISIT_PATH } from '../api/track-visit.ts';
import * as L from '../lib/limits.ts';
import { defaultConfig } from '../ops/default-config.ts';
import * as F from '../test/fixtures.ts';

// The remote imports only types from @lendview/contracts (values would bring zod into the page); this test
// (where zod is fine) checks the copies against the contract, and the fixtures against its schemas.
describe('agrees with packages/contracts/src/promotion.ts and ops.ts', () => {
  it('copies its constants', () => {
    expect(L.REGISTER_LIMITS).toEqual(C.REGISTER_LIMITS);
    expect(L.SMS_COUNTDOWN_SECONDS).toBe(C.SMS_COUNTDOWN_SECONDS);
    expect(L.PROMO_CODE).toEqual(C.PROMO_CODE);
    expect(L.PHONE_PATTERN.source).toBe(C.PHONE_PATTERN.source);
    expect(L.CAPTCHA_IMAGE_PATH).toBe(C.CAPTCHA_IMAGE_PATH);
    expect(C.landingConfig.shape.highlights.safeParse(Array(L.MAX_HIGHLIGHTS).fill({ en: 'a', id: 'b' })).success).toBe(true);
    expect(C.landingConfig.shape.highlights.safeParse(Array(L.MAX_HIGHLIGHTS + 1).fill({ en: 'a', id: 'b' })).success).toBe(false);
  });

  it.each([
    [CHANNEL_TEMPLATE_PATH, C.channelTemplate, 'GET', '00'],
    [TRACK_VISIT_PATH, C.trackVisit, 'GET', '00'],
    [TRACK_CLICK_PATH, C.trackClick, 'GET', '00'],
    [GET_SID_PATH, C.getSid, 'GET', 0],
    [GET_SMS_PATH, C.getSms, 'POST', 0],
    [REGISTER_PATH, C.register, 'POST', 0],
    [OPS_LOGIN_PATH, C.opsLogin, 'POST', '00'],
    [OPS_LOGOUT_PATH, C.opsLogout, 'POST', '00'],
    [OPS_TEMPLATE_LIST_PATH, C.opsTemplateList, 'GET', '00'],
    [OPS_TEMPLATE_DETAIL_PATH, C.opsTemplateDetail, 'GET', '00'],
    [OPS_TEMPLATE_CREATE_PATH, C.opsTemplateCreate, 'POST', '00'],
    [OPS_TEMPLATE_SAVE_PATH, C.opsTemplateSave, 'POST', '00'],
    [OPS_TEMPLATE_PUBLISH_PATH, C.opsTemplatePublish, 'POST', '00'],
  ] as const)('%s', (path, endpoint, method, successCode) => {
    expect(path).toBe(endpoint.path);
    expect(method).toBe(endpoint.method);
    expect(endpoint.successCode).toBe(successCode);
  });

  it('the fixtures and the editor default are valid', () => {
    expect(() => C.channelTemplate.response.parse(F.template())).not.toThrow();
    expect(() => C.landingConfig.parse(defaultConfig())).not.toThrow();
    expect(Object.values(F.PATHS).sort()).toEqual(
      [CHANNEL_TEMPLATE_PATH, TRACK_VISIT_PATH, TRACK_CLICK_PATH, GET_SID_PATH, GET_SMS_PATH, REGISTER_PATH, OPS_LOGIN_PATH, OPS_LOGOUT_PATH, OPS_TEMPLATE_LIST_PATH, OPS_TEMPLATE_DETAIL_PATH, OPS_TEMPLATE_CREATE_PATH, OPS_TEMPLATE_SAVE_PATH, OPS_TEMPLATE_PUBLISH_PATH].sort(),
    );
  });

  it('what the form sends is a valid request (form-encoded strings included)', () => {
    const sms = { phone: '13812345678', capcode: 'ab12', sid: 's1', deviceId: '', appName: 'LendView', app_from: 'fb', user_from: 'ad1', utm_tag: 'spring' };
    expect(C.getSms.request.safeParse(sms).success).toBe(true);
    const reg = { ...sms, smsCode: '123456', merchantNumber: '0', userName: '13812345678', invite_code: '', id: '1' };
    expect(C.register.request.parse(reg)).toMatchObject({ id: 1, merchantNumber: '0' });
    expect(C.trackVisit.request.parse({ page_id: '1', user_from: '', client_type: 'ios', page_type: '1', utm_tag: '', app_from: '' })).toMatchObject({ page_id: 1, page_type: 1 });
    expect(C.trackClick.request.safeParse({ page_id: '1', client_type: 'android', page_type: '1', phone: '13812345678' }).success).toBe(true);
  });
});
