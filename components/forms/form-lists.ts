import { FormModel, getPath, setPath } from './form-model';

/**
 * List fields (`tiers`, `tiers.0.steps`) for the few forms that add, remove or reorder items (the policy editor): kept
 * apart from FormModel so the forms without lists do not ship these rules in their first-load JS. `useListForm`
 * (./use-list-form.ts) renders it.
 */

/**
 * `path` as it reads after the items of the list at `list` moved (`to(old index)` → new index, undefined: removed):
 * `tiers.2.upTo` → `tiers.1.upTo` when tier 1 was removed; undefined for a path of a removed item; any other path as
 * it is.
 */
export function movedPath(path: string, list: string, to: (index: number) => number | undefined): string | undefined {
  const prefix = list ? `${list}.` : '';
  if (!path.startsWith(prefix)) return path;
  const [head = '', ...rest] = path.slice(prefix.length).split('.');
  if (!/^\d+$/.test(head)) return path;
  const index = to(Number(head));
  return index === undefined ? undefined : [prefix + String(index), ...rest].join('.');
}

/** A form model whose list fields keep a stable key per item (React keys) as items are added, removed and moved. */
export class ListFormModel<TIn extends object, TOut> extends FormModel<TIn, TOut> {
  /** A stable key per item of each list field: it follows its item when items move. */
  private listKeys = new Map<string, string[]>();
  private nextKey = 0;

  /** The items' keys of the list at `list`, in order; an item keeps its key when others are added, removed or moved. */
  keys(list: string): string[] {
    const length = (getPath(this.values, list) as unknown[] | undefined)?.length ?? 0;
    const known = this.listKeys.get(list) ?? [];
    if (known.length === length) return known;
    const keys = Array.from({ length }, (_, i) => known[i] ?? this.newKey());
    this.listKeys.set(list, keys);
    return keys;
  }

  /** Adds `item` at `index` of the list (at its end when `index` is its length). */
  insert(list: string, index: number, item: unknown): Promise<void> {
    return this.rearrange(list, (i) => (i >= index ? i + 1 : i), [index, item]);
  }

  append(list: string, item: unknown): Promise<void> {
    return this.insert(list, this.keys(list).length, item);
  }

  remove(list: string, index: number): Promise<void> {
    return this.rearrange(list, (i) => (i === index ? undefined : i > index ? i - 1 : i));
  }

  /** Moves the item at `from` to `to`; those between shift by one. */
  move(list: string, from: number, to: number): Promise<void> {
    return this.rearrange(list, (i) => {
      if (i === from) return to;
      if (from < to && i > from && i <= to) return i - 1;
      if (to < from && i >= to && i < from) return i + 1;
      return i;
    });
  }

  private newKey(): string {
    return `k${this.nextKey++}`;
  }

  /**
   * Puts each item of the list at its new index (`to`), plus one new item; the items' keys, messages, visited fields
   * and nested lists' keys go with them. Checked again at once when the list was left or a submit was tried.
   */
  private rearrange(list: string, to: (index: number) => number | undefined, added?: readonly [number, unknown]): Promise<void> {
    const keys = this.keys(list);
    const items = (getPath(this.values, list) as unknown[] | undefined) ?? [];
    const nextItems: unknown[] = [];
    const nextKeys: string[] = [];
    items.forEach((item, i) => {
      const j = to(i);
      if (j === undefined) return;
      nextItems[j] = item;
      nextKeys[j] = keys[i]!;
    });
    if (added) {
      nextItems[added[0]] = added[1];
      nextKeys[added[0]] = this.newKey();
    }
    const move = (path: string) => movedPath(path, list, to);
    this.values = setPath(this.values, list, nextItems);
    this.errors = Object.fromEntries(Object.entries(this.errors).flatMap(([path, message]) => (move(path) === undefined ? [] : [[move(path)!, message]])));
    this.touched = new Set([...this.touched].flatMap((path) => move(path) ?? []));
    this.listKeys = new Map([...this.listKeys].flatMap(([path, k]) => (path === list || move(path) === undefined ? [] : [[move(path)!, k]])));
    this.listKeys.set(list, nextKeys);
    this.notify();
    if (this.touched.has(list) || this.submitted) return this.validateField(list);
    return Promise.resolve();
  }

  override reset(values?: TIn): void {
    this.listKeys.clear();
    super.reset(values);
  }
}
