// Stateless helpers each remote bundles itself (README: why this is not a shared singleton like @lendview/ui).
export { useHydrating } from './use-hydrating.ts';
export { OneTimeCodeInput, oneTimeCode, type OneTimeCodeInputProps } from './one-time-code.tsx';
