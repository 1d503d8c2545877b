import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call, isSuccess } from '@lendview/api-client';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_DIGITS,
  contactMessageSend,
  digitsOnly,
  type ContactSource,
} from '@lendview/contracts/routes';
import { Button, Field, TextArea, TextInput, toast } from '@lendview/ui';
import '../styles/form.css';

export type ContactFieldName = 'firstName' | 'name' | 'email' | 'phone' | 'message';

/** Longest phone number we accept (E.164 allows 15 digits; the API checks the same bound). */
const PHONE_MAX_DIGITS = CONTACT_PHONE_DIGITS.max;

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
 * information!' and keeps what was typed. A complete form is sent to POST /api/contact-messages (issue 13: the
 * support console lists it); once stored the page shows 'Submit successfully！' and clears the form. A refusal
 * shows the server's message (in the page's language: an e-mail that is not one, too many messages) and a
 * failed connection a message of its own; both keep what was typed.
 */
export function ContactForm({
  fields,
  source,
  title,
  className,
}: {
  fields: ContactFieldName[];
  /** Which form this is, stored with the message. */
  source: ContactSource;
  title?: string;
  className?: string;
}) {
  const { t } = useTranslation('marketing');
  const baseId = useId();
  const [values, setValues] = useState<Values>({});
  const [missing, setMissing] = useState<Set<ContactFieldName>>(new Set());
  const [sending, setSending] = useState(false);
  const refs = useRef<Partial<Record<ContactFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const titleId = `${baseId}-title`;

  const change = (name: ContactFieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const raw = event.target.value;
    const value = name === 'phone' ? digitsOnly(raw).slice(0, PHONE_MAX_DIGITS) : raw;
    setValues((v) => ({ ...v, [name]: value }));
    if (missing.has(name) && value.trim() !== '') {
      setMissing((m) => {
        const next = new Set(m);
        next.delete(name);
        return next;
      });
    }
  };

  const send = async (sent: Values) => {
    setSending(true);
    try {
      const env = await call(
        contactMessageSend,
        {
          source,
          name: (sent.firstName ?? sent.name ?? '').trim(),
          email: (sent.email ?? '').trim(),
          phone: sent.phone ?? '',
          message: (sent.message ?? '').trim(),
        },
        // The form shows its own toast for every outcome.
        { silent: true },
      );
      if (isSuccess(env)) {
        setValues({});
        toast.success(t('form.success'));
      } else {
        toast.error(env.message || t('form.sendFailed'));
      }
    } catch {
      toast.error(t('form.sendFailed'));
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const empty = fields.filter((f) => (values[f] ?? '').trim() === '');
    if (empty.length > 0) {
      setMissing(new Set(empty));
      toast.error(t('form.incomplete'));
      const first = empty[0];
      if (first) refs.current[first]?.focus();
      return;
    }
    setMissing(new Set());
    void send(values);
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
                maxLength={CONTACT_MESSAGE_MAX}
              />
            ) : (
              <TextInput
                {...common}
                ref={(el: HTMLInputElement | null) => {
                  refs.current[name] = el;
                }}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                inputMode={name === 'phone' ? 'numeric' : name === 'email' ? 'email' : undefined}
                // The phone has no maxLength: it would cut a pasted "+62 (812) 3456-7890" before `change` cleans it.
                maxLength={name === 'phone' ? undefined : CONTACT_NAME_MAX}
              />
            )}
          </Field>
        );
      })}
      <Button type="submit" variant="primary" block disabled={sending} aria-busy={sending || undefined}>
        {t('form.submit')}
      </Button>
    </form>
  );
}
