/**
 * English copy of the loan-details remote (namespace `loanDetails`). Texts from the server
 * (noticeStatusText, detail rows, product names, agreement titles...) come in the request's language and
 * are shown as they are. Money is formatted with formatMoney from minor units.
 */
export const en = {
  common: {
    opening: 'Opening…',
    rate: 'Interest rate',
    amount: 'Loan amount',
    product: 'Product',
    viewProduct: 'View product details',
    tags: 'Highlights',
    unavailable: 'Not available',
  },
  details: {
    title: 'Loan details',
    loading: 'Loading your loan…',
    orderDetails: 'Order details',
    repay: 'Repay',
    delay: 'Delay repayment',
    loanMore: 'Borrow again',
    actions: 'Loan actions',
    recommendations: 'Recommended for you',
    moreProducts: 'More products',
    rating: {
      title: 'Rate our app',
      text: 'How happy are you with our service? Your rating helps us improve.',
      stars: 'Your rating',
      submit: 'Submit',
    },
    thanks: {
      title: 'Thank you!',
      text: 'Thank you for your feedback. We will keep working to make our service better for you.',
      ok: 'OK',
    },
  },
  confirm: {
    title: 'Confirm loan',
    loading: 'Loading your loan offer…',
    loadFailed: 'This loan offer could not be loaded.',
    loanInfo: 'Loan information',
    amount: 'Loan amount',
    term: 'Loan term',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
    rate: 'Daily rate',
    repaymentDate: 'Repayment date',
    moreDetails: 'More details',
    repaymentPlan: 'Repayment plan',
    instalments_one: '{{count}} instalment',
    instalments_other: '{{count}} instalments',
    planButton: 'Detailed repayment plan',
    planTitle: 'Detailed repayment plan',
    planBreakdown: 'Breakdown',
    planDate: 'Repayment date',
    close: 'Close',
    agreements: 'Agreements',
    agreementsLoading: 'Loading agreements…',
    agree: 'I have read and agreed to the above',
    mustAgree: 'Tick the box above to confirm your loan.',
    confirm: 'Confirm',
    submitting: 'Submitting…',
    popAgree: 'Agree',
    popCancel: 'Cancel',
    popFrame: 'Agreement: {{title}}',
  },
  relevant: {
    title: 'Recommended products',
    loading: 'Loading products…',
    loadFailed: 'The products could not be loaded.',
    empty: 'Applications are full today. Please come back tomorrow.',
    backHome: 'Back to home',
    list: 'Products',
  },
  error: {
    title: 'Login failed',
    loading: 'Loading…',
    loadFailed: 'This page could not be loaded.',
    products: 'You can also try',
  },
};

export type LoanDetailsMessages = typeof en;
