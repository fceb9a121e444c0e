/**
 * The state of one form, without React: values, field messages, which fields were visited, whether a submit is
 * running. `useForm` (./use-form.ts) renders it; the rules live here so they are unit-tested in node.
 *
 * Validation follows one of two rhythms: "on touched" (most forms): a field is checked when it is left, and again on
 * every change once it was left or a submit was tried; "on submit" (sign-in secrets, short dialogs): nothing is said
 * before the first submit, then every change is checked. A submit checks every field. The schema is the one the
 * server action parses again (a zod schema or anything with its `safeParse`), usually loaded on the form's first focus
 * (`lazySchema`) so zod is not part of the page's first-load JS.
 */

/** What the model needs of a schema: zod's `safeParse` result shape. */
export interface FormSchema<TOut> {
  safeParse(values: unknown):
    | { success: true; data: TOut }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A schema loaded on first use: `preload()` starts the download (on focus), `load()` waits for it. */
export interface LazySchema<TOut> {
  load: () => Promise<FormSchema<TOut>>;
  preload: () => void;
}

export type SchemaSource<TOut> = FormSchema<TOut> | LazySchema<TOut>;

export type ValidationMode = 'onTouched' | 'onSubmit';

/** Field messages by dotted path (`holder.taxId.value`, `assets.0.code`): a catalogue key or a worded sentence. */
export type FormErrors = Record<string, string>;

/**
 * A schema whose code (zod and the form's rules) is fetched on first use rather than with the page. A failed download
 * is retried on the next use.
 */
export function lazySchema<TOut>(load: () => Promise<FormSchema<TOut>>): LazySchema<TOut> {
  let pending: Promise<FormSchema<TOut>> | undefined;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
  return {
    load: get,
    preload: () => {
      get().catch(() => undefined); // a failure surfaces (and is retried) on the next validation
    },
  };
}

function isLazy<T>(source: SchemaSource<T>): source is LazySchema<T> {
  return typeof (source as LazySchema<T>).load === 'function';
}

/** The value at a dotted path (`address.city`, `assets.0`), or undefined. */
export function getPath(values: unknown, path: string): unknown {
  if (!path) return values;
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `values` with `value` at `path`; the objects and arrays on the way are copied, the rest shared. */
export function setPath<T>(values: T, path: string, value: unknown): T {
  if (!path) return value as T;
  const [head, ...rest] = path.split('.');
  const node = (values ?? {}) as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(node) ? ([...node] as unknown as Record<string, unknown>) : { ...node };
  copy[head!] = setPath(node[head!], rest.join('.'), value);
  return copy as T;
}

/** Whether `path` is `field` or lies under it (`address.city` under `address`; '' is the whole form). */
export function isUnder(path: string, field: string): boolean {
  return !field || path === field || path.startsWith(`${field}.`);
}

/** The first message of each path, in the schema's order. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** The message for a field: its own, else the first one under it (an array's `assets.0.code` shows on `assets`). */
export function errorAt(errors: FormErrors, field: string): string | undefined {
  if (field in errors) return errors[field];
  const under = Object.keys(errors).find((path) => isUnder(path, field));
  return under === undefined ? undefined : errors[under];
}

export class FormModel<TIn extends object, TOut> {
  values: TIn;
  errors: FormErrors = {};
  submitting = false;
  protected submitted = false;
  protected touched = new Set<string>();

  constructor(
    private defaults: TIn,
    private schema: SchemaSource<TOut>,
    /** Called after every change the form shows (values, messages, submitting). */
    protected readonly notify: () => void = () => undefined,
    private readonly mode: ValidationMode = 'onTouched',
  ) {
    this.values = defaults;
  }

  /** New rules from the page's data (the owners already on an account); values and messages stay. */
  setSchema(schema: SchemaSource<TOut>): void {
    this.schema = schema;
  }

  preload(): void {
    if (isLazy(this.schema)) this.schema.preload();
  }

  private async parse() {
    const schema = isLazy(this.schema) ? await this.schema.load() : this.schema;
    // The values as they are once the schema is there, not when the check started.
    return schema.safeParse(this.values);
  }

  /** Checks one field (and what lies under it) against the whole schema, as react-hook-form's resolvers do. */
  async validateField(field: string): Promise<void> {
    const result = await this.parse();
    const found = result.success ? {} : issuesToErrors(result.error.issues);
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(this.errors)) if (!isUnder(path, field)) errors[path] = message;
    for (const [path, message] of Object.entries(found)) if (isUnder(path, field)) errors[path] = message;
    this.errors = errors;
    this.notify();
  }

  /**
   * A value typed or chosen by the user; checked again at once when the field was left before or a submit was tried.
   * `validate` overrides that: true checks now, false does not (a value set by the form itself, e.g. a file refused
   * with its own message).
   */
  change(field: string, value: unknown, options: { validate?: boolean } = {}): Promise<void> {
    this.values = setPath(this.values, field, value);
    this.notify();
    if (options.validate ?? (this.touched.has(field) || this.submitted)) return this.validateField(field);
    return Promise.resolve();
  }

  /** The user left a field: from now on it is checked as it changes ("on touched" only). */
  blur(field: string): Promise<void> {
    if (this.mode === 'onSubmit') return Promise.resolve();
    this.touched.add(field);
    return this.validateField(field);
  }

  /** A message from outside the schema (the service refused a field); it stays until the field is checked again. */
  setError(field: string, message: string): void {
    this.errors = { ...this.errors, [field]: message };
    this.notify();
  }

  clearErrors(field = ''): void {
    this.errors = Object.fromEntries(Object.entries(this.errors).filter(([path]) => !isUnder(path, field)));
    this.notify();
  }

  /**
   * Checks every field; when all pass, runs `onValid` with the schema's output and stays `submitting` until it ends.
   * Returns the paths refused by the schema (empty when `onValid` ran), for the caller to focus the first one.
   */
  async submit(onValid: (values: TOut) => unknown | Promise<unknown>): Promise<string[]> {
    if (this.submitting) return [];
    this.submitted = true;
    this.submitting = true;
    this.notify();
    try {
      const result = await this.parse();
      if (!result.success) {
        this.errors = issuesToErrors(result.error.issues);
        return Object.keys(this.errors);
      }
      this.errors = {};
      this.notify();
      await onValid(result.data);
      return [];
    } finally {
      this.submitting = false;
      this.notify();
    }
  }

  /** Back to the defaults (or new ones) with no messages: the next intent. */
  reset(values: TIn = this.defaults): void {
    this.defaults = values;
    this.values = values;
    this.errors = {};
    this.submitted = false;
    this.touched.clear();
    this.notify();
  }
}
