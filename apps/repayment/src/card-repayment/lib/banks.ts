/**
 * The banks a borrower can add a card of (our choice: spec 2.1 names the /bindCard route only). Codes are the
 * ones the payment sandbox knows (BCA, BNI, ...); names as Indonesian borrowers know them.
 */
export interface BankChoice {
  code: string;
  name: string;
}

export const BANKS: readonly BankChoice[] = [
  { code: 'BCA', name: 'Bank Central Asia (BCA)' },
  { code: 'BNI', name: 'Bank Negara Indonesia (BNI)' },
  { code: 'BRI', name: 'Bank Rakyat Indonesia (BRI)' },
  { code: 'MANDIRI', name: 'Bank Mandiri' },
  { code: 'PERMATA', name: 'Bank Permata' },
  { code: 'CIMB', name: 'CIMB Niaga' },
];
