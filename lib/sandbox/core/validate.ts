import { Dec } from '@/lib/money/decimal';
import { decimalsOf, isAsset, type Asset } from '@/lib/money/assets';
import { fieldError, invalidData } from './errors';
import type { FieldError } from './types';
import { isUuid as isUuidString } from '@/lib/validation/uuid';

type Obj = Record<string, unknown>;
interface Opts {
  required?: boolean;
  /** `null` is accepted (and returned as undefined) instead of being a type error. */
  nullable?: boolean;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

export function isUuid(value: unknown): value is string {
  return isUuidString(value);
}

function lastKey(path: string): string | number {
  const idx = path.match(/\[(\d+)\]$/);
  if (idx) return Number(idx[1]);
  const dot = path.lastIndexOf('.');
  return dot === -1 ? path : path.slice(dot + 1);
}

/**
 * Collects located field errors (`body:owner.taxId.value`) so every module validates the same way.
 * Each getter takes the parent object and the FULL dotted path of the field: the key is its last segment.
 * A `undefined` parent means the parent was missing or invalid (already reported), so nothing is added.
 */
export class Validator {
  readonly errors: FieldError[] = [];

  constructor(private readonly location: 'body' | 'query' | 'path' | 'header' = 'body') {}

  field(path: string): string {
    return path ? `${this.location}:${path}` : this.location;
  }

  add(code: string, message: string, path: string, params: Record<string, unknown> = {}): void {
    this.errors.push(fieldError(code, message, this.field(path), params));
  }

  /** Throws 400 INVALID_DATA with every collected error. */
  done(): void {
    if (this.errors.length) throw invalidData(this.errors);
  }

  private raw(parent: Obj | unknown[] | undefined, path: string, opts: Opts): { present: boolean; value: unknown } {
    if (parent === undefined) return { present: false, value: undefined };
    const key = lastKey(path);
    const value = (parent as Record<string | number, unknown>)[key];
    if (value === undefined || (value === null && opts.nullable)) {
      if (opts.required) this.add('REQUIRED', `Parameter '${this.field(path)}' not found in request`, path);
      return { present: false, value: undefined };
    }
    if (value === null) {
      if (opts.required) this.add('REQUIRED', `Parameter '${this.field(path)}' not found in request`, path);
      else this.add('INVALID_TYPE', `Parameter '${this.field(path)}' must not be null`, path);
      return { present: false, value: undefined };
    }
    return { present: true, value };
  }

  private typeError(path: string, expected: string): undefined {
    this.add('INVALID_TYPE', `Parameter '${this.field(path)}' must be ${expected}`, path, { expected });
    return undefined;
  }

  /** The root body itself (path ''): must be a JSON object. */
  root(body: unknown): Obj | undefined {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      this.add('INVALID_TYPE', 'Request body must be a JSON object', '', { expected: 'object' });
      return undefined;
    }
    return body as Obj;
  }

  object(parent: Obj | unknown[] | undefined, path: string, opts: Opts = {}): Obj | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) return this.typeError(path, 'an object');
    return value as Obj;
  }

  array(parent: Obj | undefined, path: string, opts: Opts & { minItems?: number; maxItems?: number } = {}): unknown[] | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (!Array.isArray(value)) return this.typeError(path, 'an array');
    if (opts.minItems !== undefined && value.length < opts.minItems) {
      this.add('MIN_ITEMS', `Parameter '${this.field(path)}' must have at least ${opts.minItems} item(s)`, path, { min: opts.minItems });
    }
    if (opts.maxItems !== undefined && value.length > opts.maxItems) {
      this.add('MAX_ITEMS', `Parameter '${this.field(path)}' must have at most ${opts.maxItems} item(s)`, path, { max: opts.maxItems });
    }
    return value;
  }

  string(parent: Obj | unknown[] | undefined, path: string, opts: Opts & { minLength?: number; maxLength?: number; pattern?: RegExp } = {}): string | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'string') return this.typeError(path, 'a string');
    const trimmed = value.trim();
    const min = opts.minLength ?? (opts.required ? 1 : 0);
    if (trimmed.length < min) {
      if (opts.required && trimmed.length === 0) this.add('REQUIRED', `Parameter '${this.field(path)}' must not be blank`, path);
      else this.add('INVALID_LENGTH', `Parameter '${this.field(path)}' must have at least ${min} characters`, path, { min });
      return undefined;
    }
    if (opts.maxLength !== undefined && value.length > opts.maxLength) {
      this.add('INVALID_LENGTH', `Parameter '${this.field(path)}' must have at most ${opts.maxLength} characters`, path, { max: opts.maxLength });
      return undefined;
    }
    if (opts.pattern && !opts.pattern.test(value)) {
      this.add('INVALID_FORMAT', `Parameter '${this.field(path)}' has an invalid format`, path);
      return undefined;
    }
    return value;
  }

  boolean(parent: Obj | undefined, path: string, opts: Opts = {}): boolean | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'boolean') return this.typeError(path, 'a boolean');
    return value;
  }

  number(parent: Obj | undefined, path: string, opts: Opts & { min?: number; max?: number } = {}): number | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.typeError(path, 'a number');
    if ((opts.min !== undefined && value < opts.min) || (opts.max !== undefined && value > opts.max)) {
      this.add('OUT_OF_RANGE', `Parameter '${this.field(path)}' must be between ${opts.min ?? '-∞'} and ${opts.max ?? '∞'}`, path, {
        min: opts.min,
        max: opts.max,
      });
      return undefined;
    }
    return value;
  }

  uuid(parent: Obj | unknown[] | undefined, path: string, opts: Opts = {}): string | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (!isUuid(value)) {
      this.add('INVALID_UUID', `Parameter '${this.field(path)}' must be a valid UUID`, path, { value: String(value).slice(0, 64) });
      return undefined;
    }
    return value.toLowerCase();
  }

  enum<T extends string>(parent: Obj | unknown[] | undefined, path: string, values: readonly T[], opts: Opts = {}): T | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      this.add('INVALID_ENUM', `Parameter '${this.field(path)}' must be one of the allowed values`, path, {
        value: typeof value === 'string' ? value.slice(0, 64) : value,
        allowed: values,
      });
      return undefined;
    }
    return value as T;
  }

  asset(parent: Obj | unknown[] | undefined, path: string, opts: Opts = {}): Asset | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (!isAsset(value)) {
      this.add('INVALID_ENUM', `Parameter '${this.field(path)}' must be a supported asset`, path, { value });
      return undefined;
    }
    return value;
  }

  /** `YYYY-MM-DD`, a real calendar date. */
  date(parent: Obj | undefined, path: string, opts: Opts = {}): string | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'string' || !DATE_RE.test(value) || !isRealDate(value)) {
      this.add('INVALID_DATE', `Parameter '${this.field(path)}' must be a date (YYYY-MM-DD)`, path, { value });
      return undefined;
    }
    return value;
  }

  /** ISO-8601 date-time. */
  dateTime(parent: Obj | undefined, path: string, opts: Opts = {}): Date | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
    if (!d || Number.isNaN(d.getTime())) {
      this.add('INVALID_DATE', `Parameter '${this.field(path)}' must be an ISO-8601 date-time`, path, { value });
      return undefined;
    }
    return d;
  }

  /**
   * A decimal-string amount in `asset`'s scale, strictly positive unless `allowZero`. Returns the canonical
   * string (fixed to the asset's scale) — never a number.
   */
  amount(parent: Obj | undefined, path: string, asset: Asset | undefined, opts: Opts & { allowZero?: boolean } = {}): string | undefined {
    const { present, value } = this.raw(parent, path, opts);
    if (!present) return undefined;
    if (typeof value !== 'string' || !DECIMAL_RE.test(value)) {
      this.add('INVALID_AMOUNT', `Parameter '${this.field(path)}' must be a decimal string like "100.50"`, path, {
        value: typeof value === 'string' ? value.slice(0, 64) : value,
      });
      return undefined;
    }
    const d = new Dec(value);
    if (d.isNegative() || (!opts.allowZero && d.isZero())) {
      this.add('AMOUNT_MUST_BE_POSITIVE', `Parameter '${this.field(path)}' must be greater than zero`, path, { value });
      return undefined;
    }
    if (!asset) return value;
    const allowed = decimalsOf(asset);
    if (d.decimalPlaces() > allowed) {
      this.add('INVALID_AMOUNT_PRECISION', `Parameter '${this.field(path)}' allows at most ${allowed} decimal places for ${asset}`, path, {
        asset,
        allowed,
        received: d.decimalPlaces(),
      });
      return undefined;
    }
    if (d.precision(true) - d.decimalPlaces() > 15) {
      this.add('OUT_OF_RANGE', `Parameter '${this.field(path)}' is too large`, path, { value });
      return undefined;
    }
    return d.toFixed(allowed);
  }
}

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
