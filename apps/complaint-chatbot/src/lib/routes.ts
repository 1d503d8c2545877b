/** Addresses of this remote's screens (spec 2.4), built in one place. */

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

/** The complaint entry. */
export const entryUrl = (orderNo: string) => `/complaint?${q({ orderNo })}`;

/**
 * The complaint form: with a type (and sub-type, 0 for none) from the entry page, or with none from the
 * chatbot (the form then asks for it; README "Chatbot to form").
 */
export function formUrl(orderNo: string, problemType?: number, problemSonType = 0): string {
  if (problemType === undefined) return `/complainPageNext?${q({ orderNo })}`;
  return `/complainPageNext?${q({ problemType, problemSonType, orderNo })}`;
}

export const chatUrl = (selectedIndex: number, orderNo: string) => `/intelligentCustomerService?${q({ selectedIndex, orderNo })}`;
export const listUrl = () => '/complaintList';
export const detailUrl = (problemId: number) => `/complainDetails?${q({ problemId })}`;
/** The marketing remote's customer-service page (spec 2.3). */
export const customerServiceUrl = () => '/customerService';
