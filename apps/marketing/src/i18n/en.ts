/**
 * English UI copy of the marketing remote (namespace `marketing`). English is the India market: money is
 * shown in rupees. Long legal texts (privacy policy, loan terms, company description) live in
 * `src/content/` instead, so that they download only with their own page.
 *
 * `{{placeholders}}` are filled in by the page (money is formatted with formatMoney from minor units).
 */
export const en = {
  brand: 'Lendview',
  common: {
    retry: 'Try again',
    backHome: 'Back to home',
    contents: 'Contents',
    notAvailable: 'Not available right now',
  },
  nav: {
    label: 'Site sections',
    home: 'Home',
    about: 'About Us',
    policy: 'Privacy Policy',
    loan: 'Loan terms and conditions',
  },
  home: {
    title: 'Lendview: personal loans in 2 hours',
    hero: {
      kicker: 'Personal loans, fully online',
      heading: 'Loans of {{min}} to {{max}}',
      text: 'Money in your bank account within 2 hours.',
      alt: 'A phone showing an approved loan, with coins and a bank card beside it',
    },
    speed: {
      heading: 'Within 2 hours',
      text: 'Apply in minutes on your phone. Most applications are decided and paid out within 2 hours.',
      alt: 'A stopwatch next to a bank transfer arrow',
    },
    users: {
      heading: 'More than 3 million users',
      text: 'More than 3 million people have already borrowed with Lendview.',
      alt: 'A group of smiling people around a phone',
    },
    salary: {
      heading: 'Salary of {{salary}} and above',
      text: 'If you earn {{salary}} or more a month, are over 18, a national and have a permanent address, you can apply.',
      alt: 'An identity card, a payslip and a tick mark',
    },
    safe: {
      heading: 'Safe and transparent',
      text: 'A licensed non-bank lender. Your data is encrypted and every fee is shown before you sign.',
      alt: 'A shield with a padlock protecting a document',
    },
  },
  footer: {
    label: 'Contact and company information',
    contactTitle: 'Contact us',
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    addressValue: 'Lendview, 7th Floor, Tower B, 21 Residency Road, Bengaluru 560025, Karnataka, India',
    formTitle: 'Send us a message',
    copyright: '© {{year}} Lendview. All rights reserved.',
  },
  form: {
    firstName: 'First name',
    name: 'Name',
    email: 'Email',
    phone: 'Phone number',
    message: 'Message',
    submit: 'Submit',
    phoneHint: 'Digits only',
    required: 'All fields are required.',
    incomplete: 'Please provide complete information!',
    success: 'Submit successfully！',
    sendFailed: 'Your message could not be sent. Please check your connection and try again.',
  },
  about: {
    title: 'About Us',
    intro: 'Lendview is a licensed non-bank lender that makes small personal loans simple, fast and fair.',
    mission: {
      caption: 'Our mission: credit that is quick to get and easy to understand.',
      alt: 'A rising path of steps leading to a flag',
    },
    team: {
      caption: 'Our team: people who answer your questions every day.',
      alt: 'Three colleagues working together at a desk',
    },
    promise: {
      caption: 'Our promise: no hidden fees and your data kept safe.',
      alt: 'A handshake inside a shield',
    },
  },
  user: {
    title: 'My account',
  },
  contact: {
    title: 'Contact',
    intro: 'Leave your name, phone number and message. Our team will get back to you.',
  },
  policyFrame: {
    title: 'Privacy Policy',
    frameTitle: 'Lendview privacy policy',
  },
  loanPage: {
    title: 'Loan terms and conditions',
  },
  service: {
    title: 'Customer service',
    intro: 'Our customer service team is here to help with your loan, repayments and account.',
    phone: 'Telephone',
    email: 'Email',
    call: 'Call {{phone}}',
    mail: 'Send an email',
    loading: 'Loading contact details…',
    error: 'We could not load the contact details. Please check your connection and try again.',
    officerTitle: 'Grievance officer',
    officerIntro: 'Not satisfied with how customer service handled your complaint? Write to our grievance officer.',
    officerPhone: 'Phone',
    officerEmail: 'E-mail',
    officerAddress: 'Address',
  },
  aboutUs: {
    title: 'About us',
  },
  privacy: {
    title: 'Privacy Policy',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
};

export type MarketingMessages = typeof en;
