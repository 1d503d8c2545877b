import { describe, expect, it } from 'vitest';
import * as C from '@lendview/contracts';
import * as routes from '@lendview/contracts/routes';
import { defaultConfig } from '../template-editor/default-config.ts';
import * as F from '../test/fixtures.ts';

// The fixtures the page tests answer with and the editor's default template are valid for the contract, and what
// the form sends is a valid request (paths and constants come from @lendview/contracts/routes: nothing to compare).
describe('agrees with packages/contracts/src/promotion.ts and ops.ts', () => {
  it('the fixtures and the editor default are valid', () => {
    expect(() => C.channelTemplate.response.parse(F.template())).not.toThrow();
    expect(() => C.landingConfig.parse(defaultConfig())).not.toThrow();
    // The fake server of the page tests answers on the routes' own paths.
    const used = [
      routes.channelTemplate,
      routes.trackVisit,
      routes.trackClick,
      routes.getSid,
      routes.getSms,
      routes.register,
      routes.opsLogin,
      routes.opsLoginCode,
      routes.opsLogout,
      routes.opsTemplateList,
      routes.opsTemplateDetail,
      routes.opsTemplateCreate,
      routes.opsTemplateSave,
      routes.opsTemplatePublish,
    ];
    expect(Object.values(F.PATHS).sort()).toEqual(used.map((r) => r.path).sort());
  });

  it('what the form sends is a valid request (form-encoded strings included)', () => {
    const sms = {
      phone: '13812345678',
      capcode: 'ab12',
      sid: 's1',
      deviceId: '',
      appName: 'LendView',
      app_from: 'fb',
      user_from: 'ad1',
      utm_tag: 'spring',
    };
    expect(C.getSms.request.safeParse(sms).success).toBe(true);
    const reg = { ...sms, smsCode: '123456', merchantNumber: '0', userName: '13812345678', invite_code: '', id: '1' };
    expect(C.register.request.parse(reg)).toMatchObject({ id: 1, merchantNumber: '0' });
    expect(
      C.trackVisit.request.parse({ page_id: '1', user_from: '', client_type: 'ios', page_type: '1', utm_tag: '', app_from: '' }),
    ).toMatchObject({ page_id: 1, page_type: 1 });
    expect(C.trackClick.request.safeParse({ page_id: '1', client_type: 'android', page_type: '1', phone: '13812345678' }).success).toBe(
      true,
    );
  });
});
