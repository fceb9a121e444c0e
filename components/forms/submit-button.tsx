'use client';

import { Button, type ButtonProps } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * A form's submit button, disabled until the page has hydrated (before that a click would send a plain HTML GET).
 * `useHydrated` flips once, right after hydration, and React renders the component that calls it again,
 * synchronously, in the task that hydrates the page: called here, that render is this button and not the whole form
 * (README, "Performance budget").
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={disabled || !hydrated} {...props} />;
}
