import type { FastifyInstance } from 'fastify';
import { loginLogout, loginSendCode, loginSmsLogin } from '@lendview/contracts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { loginWithCode, logout, sendLoginCode } from '../../services/login.ts';
import { smsCodeKeySource } from '../../services/sms-codes.ts';

/** SMS login (ARCHITECTURE.md fixes the paths the spec leaves unnamed); the rules are services/login.ts. */
export default async function loginRoutes(app: FastifyInstance) {
  const smsKey = smsCodeKeySource(app);

  registerEndpoint(app, loginSendCode, {
    fieldMessages: { phone: 'phoneInvalid' },
    successMessage: 'smsCodeSent',
    handler: ({ input, db, now, lang, req }) =>
      sendLoginCode({ db, sms: app.sms, limits: app.limits, smsKey, log: req.log }, { phone: input.phone, ip: req.ip, now, lang }),
  });

  registerEndpoint(app, loginSmsLogin, {
    fieldMessages: { phone: 'phoneInvalid', smsCode: 'smsCodeInvalid' },
    successMessage: 'loginOk',
    handler: ({ input, db, now, identity, req }) =>
      loginWithCode({ db, smsKey }, { ...input, deviceId: identity.deviceId, ip: req.ip, now }),
  });

  registerEndpoint(app, loginLogout, {
    auth: true,
    successMessage: 'logoutOk',
    // auth: true guarantees a live token.
    handler: ({ identity, db }) => logout(db, identity.token!),
  });
}
