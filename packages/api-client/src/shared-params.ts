import { SHARED_PARAM_NAMES, type SharedParamName, type SharedParams } from '@lendview/contracts/routes';

/** sessionStorage key of the shared parameters kept for this session. */
export const SHARED_PARAMS_STORAGE_KEY = 'lv.params';

let cache: SharedParams | undefined;

function store(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

const isName = (k: string): k is SharedParamName => (SHARED_PARAM_NAMES as readonly string[]).includes(k);

function load(): SharedParams {
  if (cache) return cache;
  const out: SharedParams = {};
  try {
    const raw = store()?.getItem(SHARED_PARAMS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (parsed && typeof parsed === 'object') {
      for (const [k, v] of Object.entries(parsed)) if (isName(k) && typeof v === 'string' && v !== '') out[k] = v;
    }
  } catch {
    // Unreadable storage or bad JSON: start empty.
  }
  cache = ordered(out);
  return cache;
}

/** Always in the order of SHARED_PARAM_NAMES, so URLs come out the same whatever order the params arrived in. */
function ordered(params: SharedParams): SharedParams {
  const out: SharedParams = {};
  for (const name of SHARED_PARAM_NAMES) if (params[name]) out[name] = params[name];
  return out;
}

function save(unordered: SharedParams): SharedParams {
  const next = ordered(unordered);
  cache = next;
  try {
    store()?.setItem(SHARED_PARAMS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Full or blocked storage: the params still live in memory for this page.
  }
  return { ...next };
}

/** The query of the page: location.search plus the query of a hash route (search wins). */
function pageQuery(): string {
  if (typeof location === 'undefined') return '';
  const q = location.hash.indexOf('?');
  if (q < 0) return location.search;
  const params = new URLSearchParams(location.search);
  for (const [k, v] of new URLSearchParams(location.hash.slice(q + 1))) if (!params.has(k)) params.append(k, v);
  return `?${params.toString()}`;
}

/**
 * Spec 3 / 7.1: takes the shared parameters (dId, aMar, aVer, tok, aTp, dNa, oVer, gid, pf) from the page
 * query, merges them over what this session kept, stores and returns the result. A parameter present with an
 * empty value removes the kept one.
 */
export function captureSharedParams(search: string = pageQuery()): SharedParams {
  const query = new URLSearchParams(search);
  const next: SharedParams = { ...load() };
  for (const name of SHARED_PARAM_NAMES) {
    const v = query.get(name);
    if (v === null) continue;
    if (v === '') delete next[name];
    else next[name] = v;
  }
  return save(next);
}

/** The shared parameters of this session (a copy). */
export function getSharedParams(): SharedParams {
  return { ...load() };
}

/** Changes some shared parameters (the developer test page edits them); undefined or '' removes one. */
export function setSharedParams(partial: SharedParams): SharedParams {
  const next: SharedParams = { ...load() };
  for (const [k, v] of Object.entries(partial)) {
    if (!isName(k)) continue;
    if (v === undefined || v === '') delete next[k];
    else next[k] = v;
  }
  return save(next);
}

/** Forgets the in-memory copy so the next read comes from sessionStorage (tests, or after another tab wrote it). */
export function reloadSharedParams(): SharedParams {
  cache = undefined;
  return getSharedParams();
}

/** A page URL with the shared parameters added to its query (the call's own query wins). */
export function withSharedParams(url: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const qAt = beforeHash.indexOf('?');
  const path = qAt >= 0 ? beforeHash.slice(0, qAt) : beforeHash;
  const own = new URLSearchParams(qAt >= 0 ? beforeHash.slice(qAt + 1) : '');
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(load())) if (!own.has(k) && v) out.set(k, v);
  for (const [k, v] of own) out.append(k, v);
  const qs = out.toString();
  return `${path}${qs ? `?${qs}` : ''}${hash}`;
}
