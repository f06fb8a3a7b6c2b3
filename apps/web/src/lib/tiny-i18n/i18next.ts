/**
 * The part of i18next the app uses, in about 2 KB instead of 15 (gzip), served under the name `i18next` by an alias in
 * vite.config.ts (issue #12: 170 KB for /sale-pos). Types still come from the real package, which stays installed.
 * What it does, as i18next does it with the app's options (one namespace `translation`, keys nested by '.', no
 * fallback language, escapeValue false, the tables from a backend module):
 * - t(key | keys, options): the first key found in the language's table; with a numeric `count`, `key_zero` (count 0),
 *   then `key_<plural category>` (Intl.PluralRules) before `key`; otherwise `defaultValue`, or the (last) key itself;
 *   a group of keys (not a string) gives i18next's notice that an object was returned.
 * - {{name}} and {{a.b}} take options' values ('' for null, or for a name given as undefined); a placeholder whose
 *   name is not given stays as it is.
 * - init, use (the backend; other plugins are told the instance), changeLanguage (loads the table, then tells
 *   listeners), addResourceBundle (deep merge), getFixedT, exists, on/off, language, store.data.
 */

export type TranslationValue = string | { [key: string]: TranslationValue };
type Table = { [key: string]: TranslationValue };
type Options = { [key: string]: unknown; count?: unknown; defaultValue?: unknown; lng?: string };
type Listener = (...args: unknown[]) => void;
type ReadCallback = (error: unknown, data: Table | null | boolean) => void;

export interface BackendModule {
  type: 'backend';
  init(...args: unknown[]): void;
  read(language: string, namespace: string, callback: ReadCallback): void;
}

interface ThirdPartyModule {
  type: string;
  init?: (instance: I18n) => void;
}

interface InitOptions {
  lng?: string;
  [key: string]: unknown;
}

export type TFunction = (key: string | string[], options?: Options) => string;

const NS = 'translation';

function lookupNode(table: Table | undefined, key: string): TranslationValue | undefined {
  let node: TranslationValue | undefined = table;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

function lookup(table: Table | undefined, key: string): string | undefined {
  const node = lookupNode(table, key);
  return typeof node === 'string' ? node : undefined;
}

function valueAt(options: Options, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(options, path)) return options[path];
  let node: unknown = options;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(/{{\s*-?\s*([^{}\s,]+)\s*}}/g, (match, name: string) => {
    const value = valueAt(options, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, name) ? '' : match;
    return value === null ? '' : String(value);
  });
}

function merge(base: Table, extra: Table, overwrite: boolean): Table {
  const out: Table = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const prev = out[key];
    if (typeof value === 'object' && typeof prev === 'object') out[key] = merge(prev, value, overwrite);
    else if (prev === undefined || overwrite) out[key] = value;
  }
  return out;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lng: string, count: number): string {
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

export class I18n {
  language = '';
  languages: string[] = [];
  isInitialized = false;
  options: InitOptions = {};
  store: { data: Record<string, Record<string, Table>> } = { data: {} };
  private backend: BackendModule | null = null;
  private plugins: ThirdPartyModule[] = [];
  private listeners = new Map<string, Set<Listener>>();
  private loads = new Map<string, Promise<void>>();

  use(module: BackendModule | ThirdPartyModule): this {
    if (module.type === 'backend') this.backend = module as BackendModule;
    else this.plugins.push(module as ThirdPartyModule);
    return this;
  }

  init(options: InitOptions = {}): Promise<TFunction> {
    this.options = options;
    for (const p of this.plugins) p.init?.(this);
    const lng = options.lng ?? 'en';
    return this.loadLanguage(lng).then(() => {
      this.setLanguage(lng);
      this.isInitialized = true;
      this.emit('initialized', options);
      return this.t;
    });
  }

  /** Loads a language's table through the backend, once; resolves even if it fails (keys then show as themselves). */
  loadLanguage(lng: string): Promise<void> {
    let done = this.loads.get(lng);
    if (!done) {
      done = new Promise<void>((resolve) => {
        if (!this.backend) return resolve();
        this.backend.read(lng, NS, (error, data) => {
          if (!error && data && typeof data === 'object') this.addResourceBundle(lng, NS, data, true, true);
          else if (error) this.emit('failedLoading', lng, NS, error);
          resolve();
        });
      });
      this.loads.set(lng, done);
    }
    return done;
  }

  hasLoadedLanguage(lng: string): boolean {
    return this.store.data[lng] !== undefined;
  }

  changeLanguage(lng: string): Promise<TFunction> {
    return this.loadLanguage(lng).then(() => {
      this.setLanguage(lng);
      this.emit('languageChanged', lng);
      return this.t;
    });
  }

  addResourceBundle(lng: string, ns: string, resources: Table, deep = false, overwrite = false): this {
    const langData = (this.store.data[lng] ??= {});
    const prev = langData[ns] ?? {};
    langData[ns] = deep ? merge(prev, resources, overwrite) : overwrite ? { ...prev, ...resources } : { ...resources, ...prev };
    this.emit('added', lng, ns);
    return this;
  }

  getResourceBundle(lng: string, ns: string): Table | undefined {
    return this.store.data[lng]?.[ns];
  }

  exists(key: string | string[], options?: Options): boolean {
    const lng = options?.lng ?? this.language;
    return (Array.isArray(key) ? key : [key]).some((k) => this.find(lng, k, options) !== undefined);
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) l(...args);
  }

  /** i18n.t, bound, so that it can be passed around as i18next's is. */
  t: TFunction = (key, options) => this.translate(options?.lng ?? this.language, key, options);

  getFixedT(lng: string | null): TFunction {
    return (key, options) => this.translate(options?.lng ?? lng ?? this.language, key, options);
  }

  dir(lng = this.language): 'rtl' | 'ltr' {
    return ['ar', 'he', 'fa', 'ur'].includes(lng.split('-')[0]!) ? 'rtl' : 'ltr';
  }

  private setLanguage(lng: string): void {
    this.language = lng;
    this.languages = [lng];
  }

  private find(lng: string, key: string, options: Options | undefined): string | undefined {
    const table = this.store.data[lng]?.[NS];
    const count = options?.count;
    if (typeof count === 'number') {
      const plural = (count === 0 ? lookup(table, `${key}_zero`) : undefined) ?? lookup(table, `${key}_${pluralOf(lng, count)}`);
      if (plural !== undefined) return plural;
    }
    return lookup(table, key);
  }

  private translate(lng: string, key: string | string[], options?: Options): string {
    const keys = Array.isArray(key) ? key : [key];
    for (const k of keys) {
      const found = this.find(lng, k, options);
      if (found !== undefined) return interpolate(found, options);
    }
    // A group of keys asked for as one: i18next answers with this notice (returnObjects is never on in the app).
    const last = keys[keys.length - 1] ?? '';
    if (lookupNode(this.store.data[lng]?.[NS], last) !== undefined) return `key '${last} (${lng})' returned an object instead of string.`;
    if (options?.defaultValue !== undefined) return interpolate(String(options.defaultValue), options);
    return keys[keys.length - 1] ?? '';
  }
}

export function createInstance(): I18n {
  return new I18n();
}

const i18n = new I18n();
// i18next's own shape: the app imports the instance as the default export of 'i18next'.
// eslint-disable-next-line no-restricted-syntax
export default i18n;
