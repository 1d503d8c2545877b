/**
 * English copy of the legacy bank-card repayment (namespace `cardRepayment`). The messages of spec 5 / 8
 * (select a card first, enter the correct code, code wrong, repeat repay, the fallbacks, 'error') are the
 * shared ones of the `common` namespace; 'select a bank card first' is always the Chinese legacy text.
 */
export const en = {
  repay: {
    title: 'Repay with bank card',
    loading: 'Loading your bank cards…',
    amountDue: 'Amount due',
    order: 'Order {{orderId}}',
    nothingDue: 'There is nothing to repay on this loan right now.',
    cards: 'Choose a bank card',
    noCards: 'You have no bank card yet. Add one to repay.',
    bindCard: 'Add a new bank card',
    repayNow: 'Repay {{amount}}',
    processing: 'Processing…',
    code: {
      heading: 'Enter the verification code',
      sentTo: 'We sent a code by SMS to the phone number registered for your {{bank}} card ending in {{last4}}.',
      label: 'Verification code',
      placeholder: '6-digit code',
      resend: 'Resend',
      resendIn: 'Resend code in',
      confirm: 'Confirm repayment',
    },
    other: {
      heading: 'Other ways to pay',
      text: 'Pay on the secure payment page of our payment partner.',
      hosted: 'Pay via hosted page',
      opening: 'Opening the payment page…',
    },
    paid: 'Repayment successful',
    pending: 'Repayment received. We will confirm it shortly.',
    missingOrder: 'This repayment link is incomplete. Please open it again from your loan.',
  },
  bind: {
    title: 'Add a bank card',
    intro: 'The card must be in your own name. We send a code to your phone to confirm it, and use the card only for your repayments.',
    bank: 'Bank',
    chooseBank: 'Choose your bank',
    cardNo: 'Card number',
    cardNoHint: '10 to 19 digits',
    holder: 'Card holder name',
    holderHint: 'As printed on the card',
    submit: 'Add card',
    submitting: 'Adding your card…',
    added: 'Bank card added',
    errors: {
      bank: 'Please choose your bank',
      cardNo: 'Please enter a card number of 10 to 19 digits',
      holder: 'Please enter the card holder name',
    },
    code: {
      heading: 'Confirm it is your card',
      sentTo:
        'We sent a 6-digit code by SMS to your registered phone number. Enter it to add your {{bank}} card ending in {{last4}}. The code is valid for {{minutes}} minutes.',
      label: 'Verification code',
      placeholder: '6-digit code',
      resend: 'Resend code',
      resendIn: 'Resend code in',
      sending: 'Sending a new code…',
      confirm: 'Confirm card',
      confirming: 'Checking the code…',
      change: 'Use another card',
    },
  },
};

export type CardRepaymentMessages = typeof en;
