/** 13800000000 → 138****0000: a borrower recognised (by an operator, a partner, a confirm message) without the whole number. */
export const maskPhone = (phone: string) => (phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****');
