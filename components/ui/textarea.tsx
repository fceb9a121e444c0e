import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses } from './control-styles';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, 'py-2', className)} {...props} />;
}
