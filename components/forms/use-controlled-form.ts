'use client';

import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { errorAt, FormModel, getPath, type SchemaSource, type ValidationMode } from './form-model';

/** A field whose component holds its own text (MoneyField, a picker): the value in, the new value out. */
export interface ControlledField<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
}

export interface FormOptions<TIn, TOut> {
  defaultValues: TIn;
  schema: SchemaSource<TOut>;
  /** When messages first show: on leaving a field (default) or only after the first submit. */
  mode?: ValidationMode;
}

/** A form whose every field is a controlled component (a select with its value, MoneyField): no native input held. */
export interface ControlledFormApi<TIn extends object, TOut> {
  values: TIn;
  /**
   * The message at a field (a catalogue key or a sentence), or the first under it; with `own`, only the field's own
   * (a list's message about itself, `tiers`, apart from its items').
   */
  error: (field: string, options?: { own?: boolean }) => string | undefined;
  submitting: boolean;
  field: <V>(field: string) => ControlledField<V>;
  setValue: (field: string, value: unknown, options?: { validate?: boolean }) => void;
  setError: (field: string, message: string) => void;
  clearErrors: (field?: string) => void;
  /** Focuses the field's input (the one registered by `useForm`, else the element with the field's id). */
  setFocus: (field: string) => void;
  reset: (values?: TIn) => void;
  /** Checks every field, focuses the first refused one (of the inputs `useForm` holds), else runs `onValid` with the schema's output. */
  handleSubmit: (onValid: (values: TOut) => unknown | Promise<unknown>) => (event?: FormEvent) => void;
  /** Starts loading a lazy schema: give it to the form's `onFocus`. */
  preload: () => void;
}

/** The native inputs `useForm` (./use-form.ts) holds: written to as the form's values change, found for focus. */
export interface HeldInputs {
  /** Writes the form's value into the inputs of `field` (every held field when none is given). */
  write: (field?: string) => void;
  find: (field: string) => HTMLElement | undefined;
  /** The first input on screen of the refused paths. */
  firstOf: (paths: readonly string[]) => HTMLElement | undefined;
}

type CoreFunctions<TIn extends object, TOut> = Omit<ControlledFormApi<TIn, TOut>, 'values' | 'submitting'>;

/**
 * The console's form hook for a form of controlled components (components/forms): field messages from the form's
 * schema on blur and submit, messages set from a service refusal, a submitting flag. `useForm` (./use-form.ts) is
 * the same form holding native inputs as well (`register`, `radio`, `checkbox`); the rules of both are FormModel's
 * (./form-model.ts). Kept apart so a form without native inputs does not ship the input registry at load.
 */
export function useControlledForm<TIn extends object, TOut = TIn>(options: FormOptions<TIn, TOut>): ControlledFormApi<TIn, TOut> {
  return useFormOf(options, FormModel, () => ({})).form;
}

/**
 * The form hook on a model of the caller's class (`ListFormModel`, ./use-list-form.ts), with the functions `extend`
 * adds from it (and the inputs they hold, `useForm`'s); the caller gets the model too.
 */
export function useFormOf<TIn extends object, TOut, M extends FormModel<TIn, TOut>, X extends object>(
  { defaultValues, schema, mode = 'onTouched' }: FormOptions<TIn, TOut>,
  Model: new (defaults: TIn, schema: SchemaSource<TOut>, notify: () => void, mode: ValidationMode) => M,
  extend: (model: M) => X & { inputs?: HeldInputs },
): { form: ControlledFormApi<TIn, TOut> & Omit<X, 'inputs'>; model: M } {
  const [, render] = useReducer((n: number) => n + 1, 0);
  // One model and one set of functions per form instance: the functions never change between renders (an effect
  // may list them), and read the model's state when called.
  const [api] = useState(() => {
    const model = new Model(defaultValues, schema, render, mode);
    const { inputs, ...extra } = extend(model);
    return { model, functions: { ...coreFunctions<TIn, TOut>(model, inputs), ...extra } };
  });
  const { model } = api;
  useEffect(() => model.setSchema(schema), [model, schema]);
  return { form: { ...api.functions, values: model.values, submitting: model.submitting }, model };
}

function coreFunctions<TIn extends object, TOut>(model: FormModel<TIn, TOut>, inputs?: HeldInputs): CoreFunctions<TIn, TOut> {
  return {
    error: (field, options) => (options?.own ? model.errors[field] : errorAt(model.errors, field)),
    field: <V,>(field: string) => ({
      value: getPath(model.values, field) as V,
      onChange: (value: V) => void model.change(field, value),
      onBlur: () => void model.blur(field),
    }),
    // Checked only when asked (`{ validate: true }`).
    setValue: (field, value, options) => {
      void model.change(field, value, { validate: options?.validate ?? false });
      inputs?.write(field);
    },
    setError: (field, message) => model.setError(field, message),
    clearErrors: (field) => model.clearErrors(field),
    setFocus: (field) => (inputs?.find(field) ?? document.getElementById(field))?.focus(),
    reset: (values) => {
      model.reset(values);
      inputs?.write();
    },
    handleSubmit: (onValid) => (event) => {
      event?.preventDefault();
      void model.submit(onValid).then((refused) => inputs?.firstOf(refused)?.focus());
    },
    preload: () => model.preload(),
  };
}
