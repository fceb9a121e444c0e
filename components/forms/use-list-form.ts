'use client';

import { ListFormModel } from './form-lists';
import { useFormOf, type ControlledFormApi, type FormOptions } from './use-controlled-form';

/** A list field (`tiers`, `tiers.0.steps`): a stable React key per item, and the changes of the list itself. */
export interface FieldList {
  keys: string[];
  append: (item: unknown) => void;
  insert: (index: number, item: unknown) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
}

export interface ListFormApi<TIn extends object, TOut> extends ControlledFormApi<TIn, TOut> {
  list: (field: string) => FieldList;
}

/**
 * The form hook (./use-controlled-form.ts) for a form of controlled fields with list fields whose items are added, removed or reordered (the policy
 * editor's tiers and steps): each item keeps its key, messages and visited state as it moves (./form-lists.ts).
 */
export function useListForm<TIn extends object, TOut = TIn>(options: FormOptions<TIn, TOut>): ListFormApi<TIn, TOut> {
  const { form, model } = useFormOf(options, ListFormModel<TIn, TOut>, () => ({}));
  return {
    ...form,
    list: (field) => ({
      keys: model.keys(field),
      append: (item) => void model.append(field, item),
      insert: (index, item) => void model.insert(field, index, item),
      remove: (index) => void model.remove(field, index),
      move: (from, to) => void model.move(field, from, to),
    }),
  };
}
