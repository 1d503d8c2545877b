import type { opsConsentList } from '@lendview/contracts';
import type { Db } from '../db/types.ts';
import type { AnswerOf } from '../lib/endpoint.ts';
import { maskPhone } from '../lib/phones.ts';
import { listConsentsOfOrder } from '../repositories/consents.ts';

/**
 * The consent records of a loan (issue 12 item 4) as the support role reads them. Read only: loan_consents
 * refuses UPDATE and DELETE. An order without records (or unknown) answers an empty list.
 */
export async function consentRecordsOf(db: Db, orderNo: string): Promise<AnswerOf<typeof opsConsentList>> {
  const rows = await listConsentsOfOrder(db, orderNo);
  return {
    items: rows.map((r) => ({
      id: r.id,
      orderNo: r.orderNo,
      borrower: maskPhone(r.phone),
      productId: r.productId,
      amount: r.amount,
      termDays: r.termDays,
      documents: r.documents,
      lang: r.lang,
      deviceId: r.deviceId,
      ip: r.ip,
      appVersion: r.appVersion,
      userAgent: r.userAgent,
      verifiedBy: r.verifiedBy,
      repeated: r.repeated,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
