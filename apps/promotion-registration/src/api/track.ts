import type { ClientType } from '../lib/promo-query.ts';

/** What both tracking calls send (spec 7.4): page_id is the template id, page_type 1 (the landing). */
export interface TrackParams {
  page_id: number;
  user_from: string;
  client_type: ClientType;
  page_type: number;
  utm_tag: string;
  app_from: string;
}
