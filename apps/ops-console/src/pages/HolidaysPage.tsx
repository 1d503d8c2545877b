import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, Card, EmptyState, Field, Modal, TextInput, toast } from '@lendview/ui';
import { type Holiday, useAddHoliday, useHolidays, useRemoveHoliday } from '../api/console.ts';
import { AuditTrail } from '../components/AuditTrail.tsx';
import { ConsoleFrame } from '../components/ConsoleFrame.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { Loading } from '../components/Loading.tsx';
import { errorText } from '../lib/error-text.ts';

const thisYear = () => new Date().getFullYear();

function AddForm({ onAdded }: { onAdded: (year: number) => void }) {
  const { t } = useTranslation('ops_console');
  const add = useAddHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ date?: string; name?: string; form?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? undefined : t('holidays.dateInvalid'),
      name: name.trim() ? undefined : t('holidays.nameEmpty'),
    };
    setErrors(next);
    if (next.date || next.name) return;
    add.mutate(
      { date, name: name.trim() },
      {
        onSuccess: (h) => {
          toast.show(t('holidays.added'));
          setDate('');
          setName('');
          onAdded(Number(h.date.slice(0, 4)));
        },
        onError: (err) => setErrors({ form: errorText(err, t) }),
      },
    );
  };
  return (
    <Card heading={t('holidays.addTitle')} className="oc-card">
      <form className="oc-holiday-form" onSubmit={submit} noValidate>
        <Field label={t('holidays.date')} error={errors.date}>
          <TextInput type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field label={t('holidays.name')} error={errors.name}>
          <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        {errors.form && (
          <p className="oc-error" role="alert">
            {errors.form}
          </p>
        )}
        <Button type="submit" loading={add.isPending}>
          {t('holidays.add')}
        </Button>
      </form>
    </Card>
  );
}

/** Public holidays (/ops/holidays): the days the 3-working-day promise does not count. */
export default function HolidaysPage() {
  const { t } = useTranslation('ops_console');
  const [params, setParams] = useSearchParams();
  const yearParam = Number(params.get('year'));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : thisYear();
  const holidays = useHolidays(year);
  const remove = useRemoveHoliday();
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const [error, setError] = useState<string | null>(null);
  const goYear = (y: number) => setParams(y === thisYear() ? new URLSearchParams() : new URLSearchParams({ year: String(y) }));

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { date: removing.date },
      {
        onSuccess: () => {
          toast.show(t('holidays.removed'));
          setRemoving(null);
        },
        onError: (e) => setError(errorText(e, t)),
      },
    );
  };

  return (
    <ConsoleFrame title={t('holidays.title')}>
      <p className="oc-intro">{t('holidays.intro')}</p>
      <div className="oc-detail">
        <div className="oc-detail__main">
          <section className="lv-card oc-card" aria-labelledby="oc-year">
            <div className="oc-year">
              <Button variant="secondary" onClick={() => goYear(year - 1)} disabled={year <= 2000}>
                {t('holidays.previousYear')}
              </Button>
              <h2 id="oc-year" className="lv-card__heading oc-year__title">
                {t('holidays.year', { year })}
              </h2>
              <Button variant="secondary" onClick={() => goYear(year + 1)} disabled={year >= 2100}>
                {t('holidays.nextYear')}
              </Button>
            </div>
            {holidays.isPending ? (
              <Loading />
            ) : holidays.isError ? (
              <LoadFailed error={holidays.error} onRetry={() => void holidays.refetch()} />
            ) : holidays.data.items.length === 0 ? (
              <EmptyState title={t('holidays.none', { year })} />
            ) : (
              <ul className="oc-holidays">
                {holidays.data.items.map((h) => (
                  <li key={h.date} className="oc-holiday">
                    <span className="oc-holiday__date">{h.date}</span>
                    <span className="oc-holiday__name">{h.name}</span>
                    {h.createdBy && <span className="oc-muted">{t('holidays.addedBy', { name: h.createdBy })}</span>}
                    <Button
                      variant="ghost"
                      aria-label={t('holidays.removeLabel', { name: h.name, date: h.date })}
                      onClick={() => {
                        setError(null);
                        setRemoving(h);
                      }}
                    >
                      {t('holidays.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="oc-detail__side">
          <AddForm onAdded={(y) => y !== year && goYear(y)} />
          <AuditTrail kind="holiday" id={0} title={t('holidays.changes')} />
        </div>
      </div>
      <Modal
        open={removing !== null}
        title={removing ? t('holidays.confirmRemove', { name: removing.name, date: removing.date }) : ''}
        onClose={remove.isPending ? undefined : () => setRemoving(null)}
        footer={
          <div className="oc-actions">
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setRemoving(null)}>
              {t('cancel')}
            </Button>
            <Button loading={remove.isPending} onClick={confirmRemove}>
              {t('holidays.remove')}
            </Button>
          </div>
        }
      >
        {error && (
          <p className="oc-error" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </ConsoleFrame>
  );
}
