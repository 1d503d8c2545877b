import { route } from './route.ts';

// Customer-service contact, SMS login, the demo outbox and the health check (spec 4.4, 7.2, 9).

/** Phone of spec 5 / 9: 1, then 3-9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Spec 9: contact-kf-info is always called with overall=30. */
export const CONTACT_KF_OVERALL = 30;

export const contactKfInfo = route('contactKfInfo', 'POST', '/v3/personal-center/contact-kf-info');
export const loginSendCode = route('loginSendCode', 'POST', '/v3/login/send-code');
export const loginSmsLogin = route('loginSmsLogin', 'POST', '/v3/login/sms-login');
export const loginLogout = route('loginLogout', 'POST', '/v3/login/logout');
/** Demo mode only. */
export const devSmsOutbox = route('devSmsOutbox', 'GET', '/dev/sms-outbox');
export const healthz = route('healthz', 'GET', '/healthz');
