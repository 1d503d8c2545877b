import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@lendview/api-client';
import { Button } from '@lendview/ui';
import { uploadTemplateImage } from './api/ops-template-history.ts';
import { isOpsAuthError } from './ops-http.ts';
import { TextField } from './fields.tsx';

interface ImageFieldProps {
  label: string;
  path: 'logo' | 'heroImage';
  value: string;
  error?: string;
  onChange: (v: string) => void;
  /** An expired session (back to sign-in): true when handled. */
  onAuthError: (e: unknown) => boolean;
}

/** A logo / hero image: the URL field, plus an upload that fills it with our own re-encoded copy (/landing/img/…). */
export function ImageField({ label, path, value, error, onChange, onAuthError }: ImageFieldProps) {
  const { t, i18n } = useTranslation('promotion_registration');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const uploaded = await uploadTemplateImage(file, i18n.language);
      onChange(uploaded.url);
    } catch (err) {
      if (!(isOpsAuthError(err) && onAuthError(err))) setProblem(isApiError(err) && err.message ? err.message : t('ops.networkError'));
    } finally {
      setBusy(false);
      // The same file chosen again is a new upload.
      input.value = '';
    }
  };

  return (
    <div className="ops-image">
      <TextField
        label={label}
        path={path}
        type="url"
        value={value}
        hint={t('ops.edit.fields.imageHint')}
        error={error}
        onChange={(v) => onChange(v.trim())}
      />
      <div className="ops-image__row">
        <label className="ops-upload" htmlFor={`${id}-file`} aria-busy={busy || undefined}>
          {busy ? t('ops.image.uploading') : t('ops.image.upload', { field: label })}
        </label>
        <input
          id={`${id}-file`}
          className="ops-upload__input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={busy}
          onChange={(e) => void onFile(e)}
        />
        {value !== '' && (
          <Button variant="ghost" onClick={() => onChange('')}>
            {t('ops.image.remove')}
          </Button>
        )}
      </div>
      {problem && (
        <p className="ops-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
