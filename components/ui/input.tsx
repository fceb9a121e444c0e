import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { controlClasses } from './control-styles';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, 'h-9', className)} {...props} />;
}
