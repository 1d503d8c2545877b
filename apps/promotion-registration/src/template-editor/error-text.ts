import { useTranslation } from 'react-i18next';
import type { FieldErrorKind, FieldErrors } from './validate.ts';

export type ErrorText = (path: string) => string | undefined;

/** The localized text of a field error (the kinds come from validate.ts). */
export function useErrorText(errors: FieldErrors): ErrorText {
  const { t } = useTranslation('promotion_registration');
  return (path) => {
    const e: FieldErrorKind | undefined = errors[path];
    if (!e) return undefined;
    if (e.key === 'tooLong' || e.key === 'tooMany') return t(`ops.edit.errors.${e.key}`, { max: e.max });
    return t(`ops.edit.errors.${e.key}`);
  };
}
