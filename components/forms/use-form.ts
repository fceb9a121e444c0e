'use client';

import { useEffect, useReducer, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorAt, FormModel, getPath, isUnder, type SchemaSource, type ValidationMode } from './form-model';

export { lazySchema, type FormSchema, type LazySchema } from './form-model';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface RegisterOptions {
  /** Runs after the form took the new value (e.g. to clear a message that no longer applies). */
  onChange?: (event: ChangeEvent<Control>) => void;
  /** Runs before the field is checked (e.g. to put a complete tax id in its usual mask with `setValue`). */
  onBlur?: (event: React.FocusEvent<Control>) => void;
}

export interface RegisteredControl {
  name: string;
  ref: (element: Control | null) => (() => void) | void;
  onChange: (event: ChangeEvent<Control>) => void;
  onBlur: (event: React.FocusEvent<Control>) => void;
  defaultValue?: string;
  defaultChecked?: boolean;
  value?: string;
}

/** A field whose component holds its own text (MoneyField, a picker): the value in, the new value out. */
export interface ControlledField<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
}

/** A list field (`tiers`, `tiers.0.steps`): a stable React key per item, and the changes of the list itself. */
export interface FieldList {
  keys: string[];
  append: (item: unknown) => void;
  insert: (index: number, item: unknown) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
}

export interface FormApi<TIn extends object, TOut> {
  values: TIn;
  /**
   * The message at a field (a catalogue key or a sentence), or the first under it; with `own`, only the field's own
   * (a list's message about itself, `tiers`, apart from its items').
   */
  error: (field: string, options?: { own?: boolean }) => string | undefined;
  submitting: boolean;
  register: (field: string, options?: RegisterOptions) => RegisteredControl;
  /** A radio button of `field` for one `value`. */
  radio: (field: string, value: string, options?: RegisterOptions) => RegisteredControl;
  checkbox: (field: string, options?: RegisterOptions) => RegisteredControl;
  field: <V>(field: string) => ControlledField<V>;
  list: (field: string) => FieldList;
  setValue: (field: string, value: unknown, options?: { validate?: boolean }) => void;
  setError: (field: string, message: string) => void;
  clearErrors: (field?: string) => void;
  setFocus: (field: string) => void;
  reset: (values?: TIn) => void;
  /** Checks every field, focuses the first refused one, else runs `onValid` with the schema's output. */
  handleSubmit: (onValid: (values: TOut) => unknown | Promise<unknown>) => (event?: FormEvent) => void;
  /** Starts loading a lazy schema: give it to the form's `onFocus`. */
  preload: () => void;
}

/**
 * The console's one way to hold a form (components/forms): inputs registered by dotted path, field messages from the
 * form's zod schema on blur and submit (the "on touched" rhythm), messages set from a service refusal, and a
 * submitting flag. Native inputs stay uncontrolled (their text lives in the DOM, as with react-hook-form): what is
 * typed before the page hydrates is read when the input is attached, and `setValue`/`reset` write to the element.
 *
 * Chosen over react-hook-form for its size: react-hook-form with its zod resolver is 15.0 kB gzip (0.099× the
 * first-load floor) and puts the form pages over the 1.20× budget (README, "Performance budget").
 */
export function useForm<TIn extends object, TOut = TIn>({
  defaultValues,
  schema,
  mode = 'onTouched',
}: {
  defaultValues: TIn;
  schema: SchemaSource<TOut>;
  /** When messages first show: on leaving a field (default) or only after the first submit. */
  mode?: ValidationMode;
}): FormApi<TIn, TOut> {
  const [, render] = useReducer((n: number) => n + 1, 0);
  // One model and one set of functions per form instance: the functions never change between renders (an effect
  // may list them), and read the model's state when called.
  const [api] = useState(() => formApi(new FormModel<TIn, TOut>(defaultValues, schema, render, mode)));
  const { model } = api;
  useEffect(() => model.setSchema(schema), [model, schema]);
  return { ...api.functions, values: model.values, submitting: model.submitting };
}

type FormFunctions<TIn extends object, TOut> = Omit<FormApi<TIn, TOut>, 'values' | 'submitting'>;

function read(element: Control): unknown {
  return element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value;
}

function formApi<TIn extends object, TOut>(model: FormModel<TIn, TOut>): { model: FormModel<TIn, TOut>; functions: FormFunctions<TIn, TOut> } {
  const elements = new Map<string, Set<Control>>();
  const refs = new Map<string, RegisteredControl['ref']>();

  const write = (field: string) => {
    const value = getPath(model.values, field);
    for (const element of elements.get(field) ?? []) {
      if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
        element.checked = element.type === 'radio' ? element.value === String(value ?? '') : Boolean(value);
      } else {
        element.value = value == null ? '' : String(value);
      }
    }
  };

  const refFor = (field: string) => {
    let ref = refs.get(field);
    if (!ref) {
      const attached = new Set<Control>();
      elements.set(field, attached);
      ref = (element) => {
        if (!element) return;
        attached.add(element);
        // Typed or chosen before the page hydrated: the element holds it, the form takes it.
        const isRadio = element instanceof HTMLInputElement && element.type === 'radio';
        const value = read(element);
        if ((!isRadio || element.checked) && value !== (getPath(model.values, field) ?? (isRadio ? undefined : ''))) void model.change(field, value);
        return () => void attached.delete(element);
      };
      refs.set(field, ref);
    }
    return ref;
  };

  const handlers = (field: string, options: RegisterOptions = {}) => ({
    name: field,
    ref: refFor(field),
    onChange: (event: ChangeEvent<Control>) => {
      void model.change(field, read(event.target));
      options.onChange?.(event);
    },
    onBlur: (event: React.FocusEvent<Control>) => {
      options.onBlur?.(event);
      void model.blur(field);
    },
  });

  return {
    model,
    functions: {
      error: (field, options) => (options?.own ? model.errors[field] : errorAt(model.errors, field)),
      register: (field, options) => ({ ...handlers(field, options), defaultValue: String(getPath(model.values, field) ?? '') }),
      radio: (field, value, options) => ({ ...handlers(field, options), value, defaultChecked: getPath(model.values, field) === value }),
      checkbox: (field, options) => ({ ...handlers(field, options), defaultChecked: Boolean(getPath(model.values, field)) }),
      field: <V,>(field: string) => ({
        value: getPath(model.values, field) as V,
        onChange: (value: V) => void model.change(field, value),
        onBlur: () => void model.blur(field),
      }),
      list: (field) => ({
        keys: model.keys(field),
        append: (item) => void model.append(field, item),
        insert: (index, item) => void model.insert(field, index, item),
        remove: (index) => void model.remove(field, index),
        move: (from, to) => void model.move(field, from, to),
      }),
      // Checked only when asked (`{ validate: true }`).
      setValue: (field, value, options) => {
        void model.change(field, value, { validate: options?.validate ?? false });
        write(field);
      },
      setError: (field, message) => model.setError(field, message),
      clearErrors: (field) => model.clearErrors(field),
      setFocus: (field) => {
        const element = [...(elements.get(field) ?? [])].find((e) => e.isConnected) ?? document.getElementById(field);
        element?.focus();
      },
      reset: (values) => {
        model.reset(values);
        for (const field of elements.keys()) write(field);
      },
      handleSubmit: (onValid) => (event) => {
        event?.preventDefault();
        void model.submit(onValid).then((refused) => {
          // The first refused field on screen, as the eye reads the form.
          const first = refused
            .flatMap((path) => [...elements.entries()].filter(([f]) => isUnder(path, f) && f !== '').flatMap(([, set]) => [...set]))
            .filter((e) => e.isConnected)
            .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
          first?.focus();
        });
      },
      preload: () => model.preload(),
    },
  };
}
