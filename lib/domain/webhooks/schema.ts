// zod/mini: the create-subscription form ships this schema to the browser. Error messages are codes of the
// `errors` catalogue (values after a bar, `fieldKey`), worded where they are shown.
import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RESOURCES, EVENTS_BY_RESOURCE } from '@/lib/contract/webhook-events';
import { fieldKey } from '@/lib/validation/validation-result';

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'INVALID_ID'));
const day = z.optional(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'INVALID_DAY')));
const countRange = (max: number) => fieldKey('COUNT_RANGE', { max });
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The delivery URL rule: https always; plain http only to this machine and only with the sandbox on (the real
 * service needs a public https endpoint). Null when allowed, else the `errors` code of the reason.
 */
export function urlProblem(value: string, sandboxOn: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'WEBHOOK_URL_INVALID';
  }
  if (url.username || url.password) return 'WEBHOOK_URL_CREDENTIALS';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && sandboxOn && LOOPBACK.has(url.hostname)) return null;
  return sandboxOn ? 'WEBHOOK_URL_HTTPS_OR_LOCAL' : 'WEBHOOK_URL_HTTPS';
}

export const createSubscriptionSchema = z
  .object({
    intentKey: uuid,
    url: z.string().check(z.trim(), z.minLength(1, 'WEBHOOK_URL_REQUIRED'), z.maxLength(2048, 'WEBHOOK_URL_TOO_LONG')),
    includeAll: z.boolean(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    allowRetry: z.boolean(),
  })
  .check(
    z.refine((v) => v.includeAll || v.events.length > 0, { message: 'WEBHOOK_EVENTS_REQUIRED', path: ['events'] }),
  );

/** The contract's `resources` from a flat pick of event types (grouped by the resource each belongs to). */
export function resourcesFromEvents(events: readonly string[]): Array<{ name: string; events: string[] }> {
  return WEBHOOK_RESOURCES.map((name) => ({ name, events: EVENTS_BY_RESOURCE[name].filter((e) => events.includes(e)) })).filter(
    (r) => r.events.length > 0,
  );
}

export const subscriptionIdSchema = z.object({ subscriptionId: uuid });

export const resendSchema = z.object({ subscriptionId: uuid, logId: uuid, intentKey: uuid });

export const replayWindowSchema = z.object({
  subscriptionId: uuid,
  from: day,
  to: day,
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  timeZone: z.string().check(z.maxLength(64)),
});
export type ReplayWindowInput = z.infer<typeof replayWindowSchema>;

export const startReplaySchema = z.object({ ...replayWindowSchema.shape, jobId: uuid });

export const jobIdSchema = z.object({ jobId: uuid });

export const failNextSchema = z.object({
  subscriptionId: uuid,
  intentKey: uuid,
  count: z.number().check(z.int(), z.minimum(1, countRange(100)), z.maximum(100, countRange(100))),
});

export const testEventsSchema = z.object({
  intentKey: uuid,
  count: z.number().check(z.int(), z.minimum(1, countRange(50)), z.maximum(50, countRange(50))),
});

/** "Check a signature": what a receiver got, pasted; the attempt names the message and the body it is compared with. */
export const checkSignatureSchema = z.object({
  subscriptionId: uuid,
  logId: uuid,
  messageId: z.string().check(z.trim(), z.minLength(1, 'MESSAGE_ID_REQUIRED'), z.maxLength(200, 'MESSAGE_ID_REQUIRED')),
  signature: z.string().check(z.trim(), z.minLength(1, 'SIGNATURE_REQUIRED'), z.maxLength(512, 'SIGNATURE_REQUIRED')),
  body: z.optional(z.string().check(z.maxLength(200_000, 'BODY_TOO_LONG_TO_COMPARE'))),
});
