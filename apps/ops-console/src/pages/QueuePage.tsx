import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, EmptyState, Field, TextInput } from '@lendview/ui';
import { type QueueItem, type QueueRequest, useProblemTypes, useQueue } from '../api/console.ts';
import { ConsoleFrame } from '../components/ConsoleFrame.tsx';
import { ItemBadges } from '../components/ItemBadges.tsx';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { Loading } from '../components/Loading.tsx';
import { Pager } from '../components/Pager.tsx';
import { itemPath } from '../lib/paths.ts';

const PAGE_SIZE = 20;
/** Age presets → minAgeDays / maxAgeDays (24 h periods, as the API counts). */
const AGES = {
  any: {},
  today: { maxAgeDays: '0' },
  d1to3: { minAgeDays: '1', maxAgeDays: '3' },
  over3: { minAgeDays: '3' },
  over7: { minAgeDays: '7' },
} as const;
type Age = keyof typeof AGES;
const isAge = (v: string): v is Age => v in AGES;

/** The filter form's fields, all strings as in the address (the queue's state lives in the query). */
interface Filters {
  q: string;
  state: string;
  kind: string;
  problemType: string;
  sonType: string;
  orderNo: string;
  phone: string;
  age: string;
  assignee: string;
  overdueOnly: boolean;
}

function readFilters(params: URLSearchParams): Filters {
  return {
    q: params.get('q') ?? '',
    state: params.get('state') ?? 'processing',
    kind: params.get('kind') ?? 'all',
    problemType: params.get('problemType') ?? '',
    sonType: params.get('sonType') ?? '',
    orderNo: params.get('orderNo') ?? '',
    phone: params.get('phone') ?? '',
    age: params.get('age') ?? 'any',
    assignee: params.get('assignee') ?? '',
    overdueOnly: params.get('overdueOnly') === '1',
  };
}

function toParams(f: Filters, page = 1): URLSearchParams {
  const p = new URLSearchParams();
  const set = (k: string, v: string, skip = '') => {
    if (v.trim() !== '' && v !== skip) p.set(k, v.trim());
  };
  set('q', f.q);
  set('state', f.state, 'processing');
  set('kind', f.kind, 'all');
  set('problemType', f.problemType);
  if (f.problemType) set('sonType', f.sonType);
  set('orderNo', f.orderNo);
  set('phone', f.phone);
  set('age', f.age, 'any');
  set('assignee', f.assignee);
  if (f.overdueOnly) p.set('overdueOnly', '1');
  if (page > 1) p.set('page', String(page));
  return p;
}

const oneOf = <T extends string>(v: string, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);

function toRequest(f: Filters, page: number): QueueRequest {
  const age = isAge(f.age) ? AGES[f.age] : {};
  return {
    state: oneOf(f.state, ['processing', 'processed', 'all'], 'processing'),
    kind: oneOf(f.kind, ['complaint', 'contact', 'all'], 'all'),
    ...(f.problemType ? { problemType: f.problemType } : {}),
    ...(f.problemType && f.sonType ? { sonType: f.sonType } : {}),
    ...(f.orderNo.trim() ? { orderNo: f.orderNo.trim() } : {}),
    ...(/^\d{3,15}$/.test(f.phone.trim()) ? { phone: f.phone.trim() } : {}),
    ...age,
    ...(f.assignee ? { assignee: f.assignee } : {}),
    ...(f.overdueOnly ? { overdueOnly: '1' } : {}),
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    page,
    pageSize: PAGE_SIZE,
  } as QueueRequest;
}

function Row({ item }: { item: QueueItem }) {
  const { t } = useTranslation('ops_console');
  const from = [item.name, item.phone].filter(Boolean).join(' · ');
  return (
    <li className={item.overdue ? 'oc-row is-overdue' : 'oc-row'}>
      <div className="oc-row__main">
        <Link className="oc-row__link" to={itemPath(item.kind, item.id)}>
          {t(`kind.${item.kind}`, { id: item.id })}
        </Link>
        <span className="oc-row__type">{[item.type, item.sonType].filter(Boolean).join(' · ')}</span>
        <p className="oc-row__summary">{item.summary}</p>
      </div>
      <div className="oc-row__meta">
        <ItemBadges item={item} />
        <span className={item.overdue ? 'oc-row__due is-overdue' : 'oc-row__due'}>{t('due', { time: item.due })}</span>
        <span className="oc-muted">{t('received', { time: item.time })}</span>
      </div>
      <div className="oc-row__meta">
        {from && <span>{from}</span>}
        <span className="oc-muted">{item.orderNo || t('queue.noOrder')}</span>
        <span>{item.assignee ? t('assignedTo', { name: item.assignee.username }) : t('unassigned')}</span>
        {item.score !== null && <span>{t('rated', { score: item.score })}</span>}
      </div>
    </li>
  );
}

/** The queue (/ops): complaints and contact messages, overdue first, filtered and searched, paged. */
export default function QueuePage() {
  const { t } = useTranslation('ops_console');
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [phoneError, setPhoneError] = useState(false);
  const moreId = useId();
  // Filters other than search that are in force: a phone shows how many are hidden behind the toggle.
  const activeFilters = [...toParams(applied).keys()].filter((k) => k !== 'q').length;
  const [moreOpen, setMoreOpen] = useState(activeFilters > 0);
  const queue = useQueue(toRequest(applied, page));
  // The types and sub-types of the database (a new one needs no console release); until they load, "All types".
  const types = useProblemTypes().data?.items ?? [];
  const chosenType = types.find((type) => String(type.value) === draft.problemType);

  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = draft.phone.trim() !== '' && !/^\d{3,15}$/.test(draft.phone.trim());
    setPhoneError(bad);
    if (bad) return;
    setParams(toParams(draft));
  };
  const clear = () => {
    const none = readFilters(new URLSearchParams());
    setDraft(none);
    setPhoneError(false);
    setParams(new URLSearchParams());
  };

  return (
    <ConsoleFrame title={t('queue.title')}>
      <form className="oc-filters" role="search" aria-label={t('queue.filters')} onSubmit={submit} noValidate>
        <Field label={t('queue.search')} className="oc-filters__search">
          <TextInput
            type="search"
            value={draft.q}
            maxLength={100}
            placeholder={t('queue.searchHint')}
            onChange={(e) => set('q', e.target.value)}
          />
        </Field>
        <Button
          type="button"
          variant="ghost"
          className="oc-filters__toggle"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((o) => !o)}
        >
          {moreOpen
            ? t('queue.fewerFilters')
            : activeFilters > 0
              ? t('queue.moreFiltersActive', { count: activeFilters })
              : t('queue.moreFilters')}
        </Button>
        <div id={moreId} className={moreOpen ? 'oc-filters__more is-open' : 'oc-filters__more'}>
          <Field label={t('queue.stateLabel')}>
            <select className="oc-select" value={draft.state} onChange={(e) => set('state', e.target.value)}>
              <option value="processing">{t('state.processing')}</option>
              <option value="processed">{t('state.processed')}</option>
              <option value="all">{t('queue.stateAll')}</option>
            </select>
          </Field>
          <Field label={t('queue.kindLabel')}>
            <select className="oc-select" value={draft.kind} onChange={(e) => set('kind', e.target.value)}>
              <option value="all">{t('queue.kindAll')}</option>
              <option value="complaint">{t('queue.kindComplaint')}</option>
              <option value="contact">{t('queue.kindContact')}</option>
            </select>
          </Field>
          <Field label={t('queue.typeLabel')}>
            <select
              className="oc-select"
              value={draft.problemType}
              // Sub-types belong to their type: a new type starts with "any issue".
              onChange={(e) => setDraft((d) => ({ ...d, problemType: e.target.value, sonType: '' }))}
            >
              <option value="">{t('queue.typeAll')}</option>
              {types.map((type) => (
                <option key={type.value} value={String(type.value)}>
                  {type.title}
                </option>
              ))}
            </select>
          </Field>
          {chosenType && chosenType.subTypes.length > 0 && (
            <Field label={t('queue.sonTypeLabel', { type: chosenType.title })}>
              <select className="oc-select" value={draft.sonType} onChange={(e) => set('sonType', e.target.value)}>
                <option value="">{t('queue.sonTypeAll')}</option>
                {chosenType.subTypes.map((sub) => (
                  <option key={sub.value} value={String(sub.value)}>
                    {sub.title}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field label={t('queue.orderNo')}>
            <TextInput value={draft.orderNo} maxLength={64} onChange={(e) => set('orderNo', e.target.value)} />
          </Field>
          <Field label={t('queue.phone')} error={phoneError ? t('queue.phoneInvalid') : undefined}>
            <TextInput inputMode="numeric" value={draft.phone} maxLength={15} onChange={(e) => set('phone', e.target.value)} />
          </Field>
          <Field label={t('queue.ageLabel')}>
            <select className="oc-select" value={draft.age} onChange={(e) => set('age', e.target.value)}>
              {(Object.keys(AGES) as Age[]).map((a) => (
                <option key={a} value={a}>
                  {t(`queue.ages.${a}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('queue.assigneeLabel')}>
            <select className="oc-select" value={draft.assignee} onChange={(e) => set('assignee', e.target.value)}>
              <option value="">{t('queue.assigneeAll')}</option>
              <option value="me">{t('queue.assigneeMe')}</option>
              <option value="unassigned">{t('queue.assigneeNone')}</option>
            </select>
          </Field>
          <label className="oc-check">
            <input type="checkbox" checked={draft.overdueOnly} onChange={(e) => set('overdueOnly', e.target.checked)} />
            {t('queue.overdueOnly')}
          </label>
        </div>
        <div className="oc-filters__actions">
          <Button type="submit">{t('queue.apply')}</Button>
          <Button type="button" variant="secondary" onClick={clear}>
            {t('queue.clear')}
          </Button>
        </div>
      </form>

      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title={t('queue.empty')} description={t('queue.emptyHint')} />
      ) : (
        <section aria-labelledby="oc-queue-total">
          <h2 id="oc-queue-total" className="oc-count">
            {t('queue.total', { count: queue.data.total })}
          </h2>
          <ul className="oc-rows">
            {queue.data.items.map((item) => (
              <Row key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </ul>
          <Pager
            page={queue.data.page}
            pageSize={queue.data.pageSize}
            total={queue.data.total}
            onPage={(p) => setParams(toParams(applied, p))}
          />
        </section>
      )}
    </ConsoleFrame>
  );
}
