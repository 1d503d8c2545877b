// Numbers and codes of spec 4.4, 5, 8 and 9 for the registration form and the template editor: the ones the
// server checks, from @lendview/contracts/routes (no zod in the visitor's page).
export {
  PHONE_PATTERN,
  PROMO_CODE,
  REGISTER_LIMITS,
  SMS_COUNTDOWN_SECONDS,
  LANDING_MAX_HIGHLIGHTS as MAX_HIGHLIGHTS,
} from '@lendview/contracts/routes';
