'use client';

import type { ChangeEvent } from 'react';
import { FormModel, getPath, isUnder } from './form-model';
import { useFormOf, type ControlledFormApi, type FormOptions, type HeldInputs } from './use-controlled-form';

export { lazySchema, type FormSchema, type LazySchema } from './form-model';
export type { ControlledField, FormOptions } from './use-controlled-form';

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

export interface FormApi<TIn extends object, TOut> extends ControlledFormApi<TIn, TOut> {
  register: (field: string, options?: RegisterOptions) => RegisteredControl;
  /** A radio button of `field` for one `value`. */
  radio: (field: string, value: string, options?: RegisterOptions) => RegisteredControl;
  checkbox: (field: string, options?: RegisterOptions) => RegisteredControl;
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
export function useForm<TIn extends object, TOut = TIn>(options: FormOptions<TIn, TOut>): FormApi<TIn, TOut> {
  return useFormOf(options, FormModel, registerInputs).form;
}

function read(element: Control): unknown {
  return element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value;
}

/** The native inputs of a form, registered by dotted path; `useFormOf` writes to them and focuses them. */
export function registerInputs<TIn extends object, TOut>(model: FormModel<TIn, TOut>) {
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

  const inputs: HeldInputs = {
    write: (field) => {
      for (const f of field === undefined ? elements.keys() : [field]) write(f);
    },
    find: (field) => [...(elements.get(field) ?? [])].find((e) => e.isConnected),
    // The first refused field on screen, as the eye reads the form.
    firstOf: (paths) =>
      paths
        .flatMap((path) => [...elements.entries()].filter(([f]) => isUnder(path, f) && f !== '').flatMap(([, set]) => [...set]))
        .filter((e) => e.isConnected)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0],
  };

  return {
    inputs,
    register: (field: string, options?: RegisterOptions): RegisteredControl => ({ ...handlers(field, options), defaultValue: String(getPath(model.values, field) ?? '') }),
    radio: (field: string, value: string, options?: RegisterOptions): RegisteredControl => ({
      ...handlers(field, options),
      value,
      defaultChecked: getPath(model.values, field) === value,
    }),
    checkbox: (field: string, options?: RegisterOptions): RegisteredControl => ({
      ...handlers(field, options),
      defaultChecked: Boolean(getPath(model.values, field)),
    }),
  };
}
