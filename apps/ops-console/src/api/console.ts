import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf, ResponseOf, Route } from '@lendview/contracts/routes';
import * as R from '@lendview/contracts/routes';
import { useLang } from '@lendview/i18n';
import { useOpsClient } from './client.ts';

export type QueueRequest = RequestOf<typeof R.opsConsoleQueue>;
export type QueueAnswer = ResponseOf<typeof R.opsConsoleQueue>;
export type QueueItem = QueueAnswer['items'][number];
export type ComplaintAnswer = ResponseOf<typeof R.opsConsoleComplaint>;
export type ContactAnswer = ResponseOf<typeof R.opsConsoleContact>;
export type AuditEntry = ResponseOf<typeof R.opsConsoleAudit>['items'][number];
export type Holiday = ResponseOf<typeof R.opsHolidayList>['items'][number];
export type Fund = ResponseOf<typeof R.opsUnappliedFunds>['items'][number];
export type FundState = RequestOf<typeof R.opsUnappliedFunds>['state'];
export type UnmatchedCallback = ResponseOf<typeof R.opsUnmatchedCallbacks>['items'][number];
export type ItemKind = 'complaint' | 'contact';
export type ReleaseHealth = ResponseOf<typeof R.opsReleaseHealth>;
export type VersionHealthRow = ReleaseHealth['versions'][number];

// Every read of the console starts with this key: a change (assign, note, answer...) invalidates them all, so
// the queue, the item and its audit trail never disagree. The language is part of the key: the server answers
// type titles and messages in the operator's language.
const ROOT = 'ops_console';

function useRead<R extends Route>(route: R, input: RequestOf<R>, enabled = true, refetchInterval: number | false = false) {
  const client = useOpsClient();
  const lang = useLang();
  const queryKey: readonly unknown[] = [ROOT, lang, route.name, input];
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => client.call(route, input, signal),
    enabled,
    staleTime: 0,
    refetchInterval,
  });
}

/** A write that refreshes every console read once it succeeds. */
function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Not awaited: the caller's own onSuccess (a toast, clearing its form) must run before the refetch
    // replaces the form it came from (React Query drops the callbacks of an unmounted caller).
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ROOT] }),
  });
}

/** New complaints and messages arrive all day: the queue asks again every minute while it is open. */
export const QUEUE_REFRESH_MS = 60_000;
export const useQueue = (request: QueueRequest) => useRead(R.opsConsoleQueue, request, true, QUEUE_REFRESH_MS);
export const useComplaint = (id: number) => useRead(R.opsConsoleComplaint, { id }, id > 0);
export const useContact = (id: number) => useRead(R.opsConsoleContact, { id }, id > 0);
export const useOperators = () => useRead(R.opsConsoleOperators, {});
/** The complaint types and sub-types of the database, in the operator's language (the queue's filters). */
export const useProblemTypes = () => useRead(R.opsConsoleProblemTypes, {});
export const useAudit = (kind: ItemKind | 'holiday', id: number) => useRead(R.opsConsoleAudit, { kind, id });
export const useHolidays = (year: number) => useRead(R.opsHolidayList, { year });
export const useFunds = (state: FundState, page: number) => useRead(R.opsUnappliedFunds, { state, page, pageSize: 20 });
/** Signed provider callbacks we could not match, still open (newest first). */
export const useUnmatchedCallbacks = (page: number) => useRead(R.opsUnmatchedCallbacks, { state: 'open', page, pageSize: 20 });
/** Real-user signals per remote version over the last `hours` (issue 16 item 4); asked again every minute while open. */
export const useReleaseHealth = (hours: number) => useRead(R.opsReleaseHealth, { hours }, true, 60_000);

export function useAssign() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsConsoleAssign>) => client.call(R.opsConsoleAssign, input));
}

export function useAddNote() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsConsoleAddNote>) => client.call(R.opsConsoleAddNote, input));
}

/** Uploads the photos (in order), then posts the answer with their URLs: one answer per complaint. */
export function useAnswer() {
  const client = useOpsClient();
  return useWrite(async ({ problemId, text, photos }: { problemId: number; text: string; photos: readonly File[] }) => {
    const urls: string[] = [];
    for (const photo of photos) urls.push(await client.uploadPhoto(photo));
    return client.call(R.opsAnswerComplaint, { problemId, disposeDetail: text, disposeImages: urls.join(',') });
  });
}

export function useCloseContact() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsConsoleCloseContact>) => client.call(R.opsConsoleCloseContact, input));
}

export function useAddHoliday() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsHolidayAdd>) => client.call(R.opsHolidayAdd, input));
}

export function useRemoveHoliday() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsHolidayRemove>) => client.call(R.opsHolidayRemove, input));
}

export function useResolveFund() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsResolveUnappliedFund>) => client.call(R.opsResolveUnappliedFund, input));
}

export function useResolveUnmatched() {
  const client = useOpsClient();
  return useWrite((input: RequestOf<typeof R.opsResolveUnmatchedCallback>) => client.call(R.opsResolveUnmatchedCallback, input));
}
