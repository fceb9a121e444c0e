import 'server-only';
import { z } from 'zod';

/** The service's error envelope `{code, message, details}`; `details` is optional upstream ([err]). */
export const errorBodySchema = z.looseObject({
  code: z.string().min(1),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullish().transform((d) => d ?? {}),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One entry of `details.errors` on validation failures (field is located: `body:owner.taxId.value`). */
export const fieldErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  field: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ServiceFieldError = z.infer<typeof fieldErrorSchema>;
