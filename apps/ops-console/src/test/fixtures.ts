import type { ResponseOf } from '@lendview/contracts/routes';
import type * as R from '@lendview/contracts/routes';
import type { AuditEntry, ComplaintAnswer, ContactAnswer, Fund, QueueItem, UnmatchedCallback } from '../api/console.ts';

export const PATHS = {
  queue: '/ops/api/console/queue',
  complaint: '/ops/api/console/complaint',
  contact: '/ops/api/console/contact',
  operators: '/ops/api/console/operators',
  problemTypes: '/ops/api/console/problem-types',
  assign: '/ops/api/console/assign',
  notes: '/ops/api/console/notes',
  audit: '/ops/api/console/audit',
  close: '/ops/api/console/contact/close',
  holidays: '/ops/api/console/holidays',
  holidayAdd: '/ops/api/console/holidays/add',
  holidayRemove: '/ops/api/console/holidays/remove',
  upload: '/ops/api/complaints/upload-image',
  answer: '/ops/api/complaints/answer',
  funds: '/ops/api/unapplied-funds',
  resolve: '/ops/api/unapplied-funds/resolve',
  unmatched: '/ops/api/unmatched-callbacks',
  unmatchedResolve: '/ops/api/unmatched-callbacks/resolve',
} as const;

export const ME = { id: 1, username: 'ops-support' };

/** The complaint types as the demo database answers them (GET /ops/api/console/problem-types, English). */
export const PROBLEM_TYPES = {
  items: [
    {
      value: 1,
      title: 'Collection',
      subTypes: [
        { value: 1, title: 'Harassing calls or messages' },
        { value: 2, title: 'Contacting my family or friends' },
      ],
    },
    { value: 2, title: 'Repayment', subTypes: [] },
  ],
};
export const COLLEAGUE = { id: 2, username: 'ops-ana' };

export function queueItem(over: Partial<QueueItem> = {}): QueueItem {
  return {
    kind: 'complaint',
    id: 12,
    state: 'processing',
    phone: '138****0000',
    name: '',
    orderNo: 'DEMO-180',
    type: 'Collection',
    problemType: 1,
    sonType: 'Harassing calls or messages',
    summary: 'A collector called me ten times today.',
    source: '',
    createdAt: '2026-11-16T02:00:00.000Z',
    time: '2026-11-16 09:00:00',
    dueAt: '2026-11-19T16:59:59.000Z',
    due: '2026-11-19 23:59:59',
    overdue: true,
    escalated: true,
    assignee: null,
    score: null,
    ...over,
  };
}

export function contactItem(over: Partial<QueueItem> = {}): QueueItem {
  return queueItem({
    kind: 'contact',
    id: 3,
    phone: '0812****78',
    name: 'Siti',
    orderNo: '',
    type: 'Contact message',
    problemType: null,
    sonType: '',
    summary: 'Please call me about a loan.',
    source: 'contact',
    overdue: false,
    escalated: false,
    due: '2026-11-26 23:59:59',
    ...over,
  });
}

export function queue(items: QueueItem[], total = items.length, page = 1): ResponseOf<typeof R.opsConsoleQueue> {
  return { items, total, page, pageSize: 20 };
}

export function complaint(over: Partial<ComplaintAnswer['complaint']> = {}, rest: Partial<ComplaintAnswer> = {}): ComplaintAnswer {
  return {
    complaint: {
      ...queueItem(),
      content: 'A collector called me ten times today.',
      images: ['/ops/api/console/photo/p1', '/ops/api/console/photo/p2'],
      disposeDetail: '',
      disposeAgent: '',
      disposeImages: [],
      disposedAt: null,
      scoredAt: null,
      ...over,
    },
    order: {
      orderNo: 'DEMO-180',
      status: 180,
      statusText: 'Overdue',
      productName: 'Cash 91',
      principal: 150000000,
      amountDue: 165000000,
      paidAmount: 15000000,
      outstanding: 150000000,
      termDays: 91,
      appliedAt: '2026-08-01T03:00:00.000Z',
      dueDate: '2026-10-31',
      settledAt: null,
    },
    earlier: [
      queueItem({
        id: 4,
        state: 'processed',
        overdue: false,
        escalated: false,
        type: 'Repayment',
        sonType: '',
        time: '2026-10-02 10:00:00',
      }),
    ],
    transcript: [
      {
        id: 1,
        type: 4,
        value: 'Why do they call my mother?',
        reply: 'Please tell us in a collection complaint.',
        matched: true,
        qaId: 0,
        orderNo: 'DEMO-180',
        createdAt: '',
        time: '2026-11-16 08:50:00',
      },
      { id: 2, type: 1, value: '', reply: '', matched: null, qaId: 23, orderNo: 'DEMO-180', createdAt: '', time: '2026-11-16 08:55:00' },
    ],
    notes: [{ id: 5, operator: 'ops-ana', text: 'Called the agency.', createdAt: '', time: '2026-11-17 10:00:00' }],
    ...rest,
  };
}

export function contact(over: Partial<ContactAnswer['message']> = {}): ContactAnswer {
  return {
    message: {
      ...contactItem(),
      fullPhone: '081234567878',
      email: 'siti@example.co.id',
      message: 'Please call me about a loan.',
      reply: '',
      closedBy: '',
      closedAt: null,
      ...over,
    },
    notes: [],
  };
}

export function audit(items: Partial<AuditEntry>[]): { items: AuditEntry[] } {
  return {
    items: items.map((e, i) => ({
      id: i + 1,
      operator: 'ops-support',
      action: 'note',
      kind: 'complaint',
      itemId: '12',
      detail: {},
      createdAt: '',
      time: `2026-11-17 1${i}:00:00`,
      ...e,
    })),
  };
}

/** An option of a held fund (the money desk's choices): settle the loan, covered and payable today. */
export function fundOption(over: Partial<Fund['options'][number]> = {}): Fund['options'][number] {
  return {
    repayType: 'full',
    periodFrom: null,
    periods: null,
    amount: 40000000,
    covered: true,
    payableFrom: null,
    newStatus: 200,
    newDueDate: null,
    keepsHeld: 10000000,
    ...over,
  };
}

export function fund(over: Partial<Fund> = {}): Fund {
  return {
    id: 9,
    orderNo: 'DEMO-170',
    borrower: '138****0000',
    amount: 50000000,
    reason: 'overpayment',
    state: 'open',
    reference: 'BILL-1',
    vcode: '8001234',
    channel: 'ALFAMART',
    providerEvent: 'ev-1',
    paymentAmount: 200000000,
    receivedAt: '2026-11-20T03:00:00.000Z',
    orderStatus: 170,
    orderOwes: 0,
    options: [],
    resolvedAt: null,
    resolvedBy: '',
    refundId: '',
    note: '',
    ...over,
  };
}

export const operators = { items: [ME, COLLEAGUE], me: ME };

/** A signed provider callback we could not match (GET /ops/api/unmatched-callbacks). */
export function unmatched(over: Partial<UnmatchedCallback> = {}): UnmatchedCallback {
  const rawBody =
    '{"id":"evt_7a1b2c3d4e5f","type":"payment.paid","reference":"LVP20261120XXXXXXXXXXXX","vcode":"3935800000000000","channel":"BCA","amount":25000000,"paidAt":"2026-11-20T03:00:00.000Z"}';
  return {
    id: 4,
    reason: 'unknown_reference',
    eventId: 'evt_7a1b2c3d4e5f',
    reference: 'LVP20261120XXXXXXXXXXXX',
    amount: 25000000,
    deliveries: 3,
    firstReceivedAt: '2026-11-20T03:00:00.000Z',
    lastReceivedAt: '2026-11-20T04:30:00.000Z',
    state: 'open',
    rawBody,
    resolvedAt: null,
    resolvedBy: '',
    note: '',
    ...over,
  };
}
