import { clsx, type ClassValue } from 'clsx';

/** Joins class names; falsy values drop out. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
