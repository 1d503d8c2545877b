import type { ComplaintEscalation, OrderCard } from '@lendview/contracts';
import type { ResponseOf } from '@lendview/contracts/routes';
import type * as routes from '@lendview/contracts/routes';

type ContactInfo = ResponseOf<typeof routes.contactKfInfo>;
import type { ProblemInit } from '../api/problem-init.ts';
import type { ProblemInitV3 } from '../api/problem-init-v3.ts';
import type { ProblemDetail } from '../api/problem-detail.ts';
import type { ProblemList } from '../api/problem-list.ts';
import type { QaItem, QaList } from '../lib/chatbot-machine.ts';

/** Photo URLs as the API signs them (docs/security.md "Signed file URLs"): used as they are, never given a session. */
export const SIGNED_A = '/user-problem/image/a.jpg?exp=1738380000&sig=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
export const SIGNED_B = '/user-problem/image/b.jpg?exp=1738380000&sig=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
export const SIGNED_C = '/user-problem/image/c.jpg?exp=1738380000&sig=ccccccccccccccccccccccccccccccccccccccccccc';

export const PATHS = {
  init: '/user-problem/problem-init',
  initV3: '/h5-api/v3/user-problem/problem-init',
  qaList: '/h5-api/v3/user-problem/get-qa-list',
  qaRecord: '/h5-api/v3/user-problem/qa-record',
  upload: '/user-problem/upload-problem-img',
  save: '/user-problem/problem-save',
  list: '/user-problem/problem-list',
  detail: '/user-problem/problem-detail',
  score: '/user-problem/save-score',
  contact: '/v3/personal-center/contact-kf-info',
} as const;

const LOGO = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';

export function order(orderNo: string, over: Partial<OrderCard> = {}): OrderCard {
  return {
    orderNo,
    productLogo: LOGO,
    productName: 'LendView Cepat',
    status: 170,
    isShow: 1,
    list: [
      { title: 'Loan amount', value: 'Rp 2.500.000' },
      { title: 'Due date', value: '2025-03-01' },
    ],
    ...over,
  };
}

export const COLLECTION_SUBTYPES = [
  { title: 'Harassing calls or messages', value: 1 },
  { title: 'Contacting my family or friends', value: 2 },
];

export function problemInit(over: Partial<ProblemInit> = {}): ProblemInit {
  const detail = order('DEMO-170');
  return {
    problemType: [
      { title: 'Collection', value: 1 },
      { title: 'Repayment', value: 2 },
      { title: 'Loan application', value: 3 },
    ],
    problemSonType: COLLECTION_SUBTYPES,
    orderDetail: detail,
    orderList: [detail, order('DEMO-200', { status: 200, productName: 'Dana Kilat', isShow: 0 })],
    ...over,
  };
}

export function problemInitV3(over: Partial<ProblemInitV3> = {}): ProblemInitV3 {
  const detail = order('DEMO-170');
  return {
    problemStatus: 2,
    orderDetail: detail,
    orderList: [detail, order('DEMO-200', { status: 200, productName: 'Dana Kilat' })],
    problemType: [
      { id: 1, title_local: 'Loan application' },
      { id: 2, title_local: 'Repayment' },
      { id: 3, title_local: 'Account and security' },
    ],
    ...over,
  };
}

export const item = (id: number, title: string, action_type = 0): QaItem => ({
  id,
  title_local: title,
  title_local_alias: '',
  action_type,
});

export const CATEGORIES: QaList = {
  answerList: [item(1, 'Loan application'), item(2, 'Repayment'), item(3, 'Account and security')],
  question: null,
  data: '',
};

export const REPAYMENT_QUESTIONS: QaList = {
  answerList: [
    item(21, 'How do I repay?'),
    item(22, 'What happens if I pay late?'),
    item(23, 'I have paid but my loan is still unpaid', 4),
  ],
  question: null,
  data: '',
};

export const HOW_TO_REPAY: QaList = {
  answerList: [],
  question: { id: 21, title_local: 'How do I repay?' },
  data: 'Open your loan and tap Repay, then pay to the virtual account number shown.',
};

export function problemList(over: Partial<ProblemList> = {}): ProblemList {
  return {
    tabs: [
      {
        title: 'All',
        state: 'all',
        items: [
          {
            id: 7,
            time: '2025-02-01 10:20:30',
            type: 'Repayment',
            content: 'I paid yesterday but the loan still shows unpaid. Please check my payment.',
            escalation: null,
          },
          { id: 5, time: '2025-01-15 08:00:00', type: 'Collection', content: 'A collector called my family.', escalation: null },
        ],
      },
      {
        title: 'Processing',
        state: 'processing',
        items: [
          {
            id: 7,
            time: '2025-02-01 10:20:30',
            type: 'Repayment',
            content: 'I paid yesterday but the loan still shows unpaid. Please check my payment.',
            escalation: null,
          },
        ],
      },
      { title: 'Processed', state: 'processed', items: [] },
    ],
    ...over,
  };
}

export function problemDetail(over: Partial<ProblemDetail> = {}): ProblemDetail {
  return {
    problemId: 7,
    type: 'Collection',
    sonType: 'Harassing calls or messages',
    content: 'A collector called me ten times today.',
    images: [SIGNED_A, SIGNED_B],
    time: '2025-02-01 10:20:30',
    state: 'processed',
    disposeDetail: 'We have warned the collection agency and stopped the calls.',
    disposeAgent: 'Customer care',
    disposeImages: [SIGNED_C],
    isScore: 1,
    escalation: null,
    ...over,
  };
}

/** The grievance officer of the contact answer (issue 18). */
export const OFFICER = {
  name: 'Meera Iyer',
  phone: '+91 22 6000 7000',
  email: 'grievance@lendview.test',
  address: '2 Bank Street, Fort, Mumbai 400001, India',
};

export function contactInfo(): ContactInfo {
  return { email: 'care@lendview.test', smWa: '+62 21 5091 8080', grievanceOfficer: OFFICER };
}

/** How to escalate, as the API words it for an English (RBI) or Indonesian (OJK) request. */
export function escalation(regulator: 'rbi' | 'ojk' = 'rbi'): ComplaintEscalation {
  const base = { overdue: true as const, dueAt: '2025-02-06T16:59:59.999Z', due: '2025-02-06 23:59:59' };
  return regulator === 'rbi'
    ? {
        ...base,
        regulator,
        regulatorName: 'RBI Integrated Ombudsman',
        url: 'https://cms.rbi.org.in',
        phone: '14448',
        title: 'Not answered in time: how to escalate',
        text: 'We promised to answer this complaint by the end of 2025-02-06 and have not. Please write first to our grievance officer, Meera Iyer (contact details on this page).',
        regulatorText:
          'If you do not receive a satisfactory answer within 30 days of your complaint, you may complain to the RBI Integrated Ombudsman online at cms.rbi.org.in or on the toll-free number 14448.',
      }
    : {
        ...base,
        regulator,
        regulatorName: 'Kontak OJK 157',
        url: 'https://kontak157.ojk.go.id',
        phone: '157',
        title: 'Belum dijawab tepat waktu: cara meneruskan pengaduan',
        text: 'Kami berjanji menjawab pengaduan ini paling lambat akhir hari 2025-02-06, tetapi belum melakukannya. Silakan hubungi terlebih dahulu petugas pengaduan kami, Meera Iyer (kontaknya ada di halaman ini).',
        regulatorText:
          'Jika pengaduan Anda tidak diselesaikan dengan memuaskan, Anda dapat mengadu ke Otoritas Jasa Keuangan (OJK) melalui Kontak OJK 157 di kontak157.ojk.go.id atau telepon 157.',
      };
}
