import type { LandingTemplate } from '../api/channel-template.ts';
import type { Handler } from './render.tsx';

export const PATHS = {
  template: '/api/v2/lendview/service/channel/channel-template',
  visit: '/api/v2/lendview/promotion/track-visit',
  click: '/api/v2/lendview/promotion/track-click',
  sid: '/api/v2/lendview/promotion/get-sid',
  sms: '/api/v2/lendview/promotion/get-sms',
  register: '/api/v2/lendview/promotion/register',
  opsLogin: '/ops/api/login',
  opsLoginCode: '/ops/api/login/code',
  opsLogout: '/ops/api/logout',
  opsList: '/ops/api/templates',
  opsDetail: '/ops/api/templates/detail',
  opsCreate: '/ops/api/templates/create',
  opsSave: '/ops/api/templates/save',
  opsPublish: '/ops/api/templates/publish',
} as const;

/** A published template as channel-template answers it (contract.test.ts validates it against the schema). */
export function template(over: Partial<LandingTemplate> = {}): LandingTemplate {
  return {
    id: 1,
    name: 'Spring campaign',
    appName: 'LendView',
    logo: '',
    heroImage: '',
    headline: { en: 'Loans up to ₹80,000 in 2 hours', id: 'Pinjaman hingga Rp 15.000.000 dalam 2 jam' },
    subheadline: { en: 'More than 3 million users', id: 'Lebih dari 3 juta pengguna' },
    highlights: [
      { en: 'Salary of ₹12,000 and above', id: 'Gaji Rp 5.000.000 ke atas' },
      { en: 'No collateral', id: 'Tanpa jaminan' },
    ],
    buttonText: { en: 'Apply now', id: 'Ajukan sekarang' },
    agreementTitle: { en: 'Registration agreement', id: 'Perjanjian pendaftaran' },
    agreementBody: {
      en: 'First paragraph.\n\n<b>Second</b> paragraph,\nwith a line break.',
      id: 'Paragraf pertama.\n\nParagraf kedua.',
    },
    download: {
      headline: { en: 'Get the app and log in', id: 'Unduh aplikasi dan masuk' },
      buttonText: { en: 'Download', id: 'Unduh' },
      iosUrl: 'https://apps.apple.com/app/lendview',
      androidUrl: 'https://play.google.com/store/apps/details?id=lendview',
    },
    theme: { backgroundFrom: '#0f766e', backgroundTo: '#134e4a', fontColor: '#fefce8', highlightColor: '#f59e0b' },
    ...over,
  };
}

export const SID = 'sid-0001';

/** The landing's usual answers: the template, tracking, a captcha id. */
export function landingRoutes(over: Record<string, Handler> = {}): Record<string, Handler> {
  let n = 0;
  return {
    [PATHS.template]: { code: '00', data: template(), message: '' },
    [PATHS.visit]: { code: '00', data: { recorded: true }, message: '' },
    [PATHS.click]: { code: '00', data: { recorded: true }, message: '' },
    [PATHS.sid]: () => ({ code: 0, data: { sid: n++ === 0 ? SID : `sid-000${n}` }, message: '' }),
    ...over,
  };
}
