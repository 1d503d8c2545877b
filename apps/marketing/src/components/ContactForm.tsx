import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, TextArea, TextInput, toast } from '@lendview/ui';
import '../styles/form.css';

export type ContactFieldName = 'firstName' | 'name' | 'email' | 'phone' | 'message';

/** Longest phone number we accept (E.164 allows 15 digits). */
export const PHONE_MAX_DIGITS = 15;

const LABEL_KEY: Record<ContactFieldName, string> = {
  firstName: 'form.firstName',
  name: 'form.name',
  email: 'form.email',
  phone: 'form.phone',
  message: 'form.message',
};

const AUTOCOMPLETE: Record<ContactFieldName, string> = {
  firstName: 'given-name',
  name: 'name',
  email: 'email',
  phone: 'tel',
  message: 'off',
};

type Values = Partial<Record<ContactFieldName, string>>;

/**
 * Marketing contact form (spec 5). Every field is required; a missing one shows 'Please provide complete
 * information!' and keeps what was typed; a complete form shows 'Submit successfully！' and clears it.
 * Nothing is sent to a server (spec 5: the original product sends nothing either).
 */
export function ContactForm({ fields, title, className }: { fields: ContactFieldName[]; title?: string; className?: string }) {
  const { t } = useTranslation('marketing');
  const baseId = useId();
  const [values, setValues] = useState<Values>({});
  const [missing, setMissing] = useState<Set<ContactFieldName>>(new Set());
  const refs = useRef<Partial<Record<ContactFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const titleId = `${baseId}-title`;

  const change = (name: ContactFieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = event.target.value;
    const value = name === 'phone' ? raw.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS) : raw;
    setValues((v) => ({ ...v, [name]: value }));
    if (missing.has(name) && value.trim() !== '') {
      setMissing((m) => {
        const next = new Set(m);
        next.delete(name);
        return next;
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const empty = fields.filter((f) => (values[f] ?? '').trim() === '');
    if (empty.length > 0) {
      setMissing(new Set(empty));
      toast.error(t('form.incomplete'));
      const first = empty[0];
      if (first) refs.current[first]?.focus();
      return;
    }
    setMissing(new Set());
    setValues({});
    toast.success(t('form.success'));
  };

  return (
    <form
      className={['mk-form', className].filter(Boolean).join(' ')}
      noValidate
      onSubmit={submit}
      aria-labelledby={title ? titleId : undefined}
    >
      {title ? (
        <h2 id={titleId} className="mk-form-title">
          {title}
        </h2>
      ) : null}
      <p className="mk-form-note">{t('form.required')}</p>
      {fields.map((name) => {
        const id = `${baseId}-${name}`;
        const common = {
          id,
          name,
          value: values[name] ?? '',
          onChange: change(name),
          required: true,
          'aria-invalid': missing.has(name) || undefined,
          autoComplete: AUTOCOMPLETE[name],
        };
        return (
          <Field key={name} label={t(LABEL_KEY[name])} hint={name === 'phone' ? t('form.phoneHint') : undefined}>
            {name === 'message' ? (
              <TextArea
                {...common}
                ref={(el: HTMLTextAreaElement | null) => {
                  refs.current[name] = el;
                }}
                className="mk-textarea"
                rows={4}
                maxLength={1000}
              />
            ) : (
              <TextInput
                {...common}
                ref={(el: HTMLInputElement | null) => {
                  refs.current[name] = el;
                }}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                inputMode={name === 'phone' ? 'numeric' : name === 'email' ? 'email' : undefined}
                maxLength={name === 'phone' ? PHONE_MAX_DIGITS : 100}
              />
            )}
          </Field>
        );
      })}
      <Button type="submit" variant="primary" block>
        {t('form.submit')}
      </Button>
    </form>
  );
}
