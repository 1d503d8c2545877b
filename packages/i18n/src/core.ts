// The in-house translator (issue 14, bytes): the part of i18next this product uses, ~1 KB gzip instead of
// i18next + react-i18next (~23 KB gzip on every first load). Same message files, same semantics:
// - `t('a.b')`: nested keys, in the instance's language, then in English (`fallbackLng: 'en'`);
//   a missing key returns the key; a value that is not a string (an object) returns the key too (no returnObjects).
// - `{{name}}` interpolation, nothing escaped (React escapes); a value not given leaves `{{name}}` as it is.
// - plurals: with a numeric `count`, `key_<Intl.PluralRules category>` (`star_one`, `star_other`), else `key`.
// - options `ns` (another namespace), `lng`; `getFixedT(lng, ns, keyPrefix)`.
// - events: 'languageChanged' (with the new language) and 'added' (a namespace was added or merged).
// No DOM and no React here: it runs in the browser and in Node (server rendering).

export type Resource = Record<string, unknown>;
export type TOptions = Record<string, unknown> & { count?: number; ns?: string; lng?: string };
export type TFn = (key: string, options?: TOptions) => string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners take what each event passes (i18next's typing)
type Listener = (...args: any[]) => void;

export interface InitOptions {
  lng: string;
  fallbackLng?: string;
  defaultNS?: string;
  resources?: Record<string, Record<string, Resource>>;
}

const isObject = (v: unknown): v is Resource => typeof v === 'object' && v !== null && !Array.isArray(v);

function deepMerge(target: Resource, source: Resource, overwrite: boolean): void {
  for (const [k, v] of Object.entries(source)) {
    const cur = target[k];
    if (isObject(v) && isObject(cur)) deepMerge(cur, v, overwrite);
    else if (isObject(v) && cur === undefined) {
      const copy: Resource = {};
      deepMerge(copy, v, overwrite);
      target[k] = copy;
    } else if (overwrite || cur === undefined) target[k] = v;
  }
}

function lookup(tree: Resource | undefined, key: string): unknown {
  if (!tree) return undefined;
  if (key in tree) return tree[key];
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function valueAt(values: TOptions, path: string): unknown {
  if (path in values) return values[path];
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (!isObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** `{{name}}` → values.name (also `{{- name}}`, i18next's unescaped form); a missing value keeps the placeholder. */
export function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*-?\s*([^{}]+?)\s*\}\}/g, (match, name: string) => {
    const v = valueAt(values, name);
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    return v === undefined || v === null ? match : JSON.stringify(v);
  });
}

export class Translator {
  language: string | undefined = undefined;
  isInitialized = false;
  options: { fallbackLng: string; defaultNS: string } = { fallbackLng: 'en', defaultNS: 'common' };
  /** language → namespace → messages. */
  readonly store: Record<string, Record<string, Resource>> = {};
  private readonly listeners = new Map<string, Set<Listener>>();

  init(options: InitOptions): Promise<TFn> {
    this.options = { fallbackLng: options.fallbackLng ?? 'en', defaultNS: options.defaultNS ?? 'common' };
    for (const [lng, nss] of Object.entries(options.resources ?? {}))
      for (const [ns, res] of Object.entries(nss)) this.addResourceBundle(lng, ns, res, true, true);
    this.language = options.lng;
    this.isInitialized = true;
    this.emit('initialized', this.options);
    this.emit('languageChanged', options.lng);
    return Promise.resolve(this.t);
  }

  on(event: string, fn: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
    return this;
  }

  off(event: string, fn?: Listener): this {
    if (fn) this.listeners.get(event)?.delete(fn);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }

  addResourceBundle(lng: string, ns: string, resources: object, deep = true, overwrite = true): this {
    const byNs = (this.store[lng] ??= {});
    const target = (byNs[ns] ??= {});
    if (deep) deepMerge(target, resources as Resource, overwrite);
    else for (const [k, v] of Object.entries(resources)) if (overwrite || !(k in target)) target[k] = v;
    this.emit('added', lng, ns);
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return !!this.store[lng]?.[ns];
  }

  getResourceBundle(lng: string, ns: string): Resource | undefined {
    return this.store[lng]?.[ns];
  }

  /** The message of `key` in `lng` (then English), or undefined. */
  private resolve(lng: string, ns: string, key: string, options: TOptions | undefined): string | undefined {
    const langs = lng === this.options.fallbackLng ? [lng] : [lng, this.options.fallbackLng];
    const count = options?.count;
    for (const l of langs) {
      const tree = this.store[l]?.[ns];
      if (!tree) continue;
      if (typeof count === 'number') {
        const plural = lookup(tree, `${key}_${pluralCategory(l, count)}`);
        if (typeof plural === 'string') return plural;
      }
      const v = lookup(tree, key);
      if (typeof v === 'string') return v;
    }
    return undefined;
  }

  translate(key: string, options?: TOptions, lng?: string, ns?: string, keyPrefix?: string): string {
    let namespace = options?.ns ?? ns ?? this.options.defaultNS;
    let k = key;
    const colon = k.indexOf(':');
    if (colon > 0 && this.store[this.options.fallbackLng]?.[k.slice(0, colon)]) {
      namespace = k.slice(0, colon);
      k = k.slice(colon + 1);
    }
    if (keyPrefix) k = `${keyPrefix}.${k}`;
    const language = options?.lng ?? lng ?? this.language ?? this.options.fallbackLng;
    const message = this.resolve(language, namespace, k, options);
    return message === undefined ? k : interpolate(message, options);
  }

  /** t in the current language and the default namespace. */
  readonly t: TFn = (key, options) => this.translate(key, options);

  /** t bound to a language (null: the current one), a namespace and a key prefix. */
  getFixedT(lng?: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): TFn {
    const namespace = (Array.isArray(ns) ? ns[0] : ns) as string | undefined;
    return (key, options) => this.translate(key, options, lng ?? undefined, namespace ?? undefined, keyPrefix);
  }

  exists(key: string, options?: TOptions): boolean {
    const language = options?.lng ?? this.language ?? this.options.fallbackLng;
    return this.resolve(language, options?.ns ?? this.options.defaultNS, key, options) !== undefined;
  }

  changeLanguage(lng?: string): Promise<TFn> {
    if (lng && lng !== this.language) {
      this.language = lng;
      this.emit('languageChanged', lng);
    }
    return Promise.resolve(this.t);
  }

  /** i18next's `use(plugin)`: nothing to plug in here (kept so that code written for i18next still runs). */
  use(_plugin: unknown): this {
    return this;
  }
}
