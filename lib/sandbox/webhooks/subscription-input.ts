import { Validator } from '../core/validate';
import type { EventType, ResourceName } from '../core/types';
import { EVENT_TYPES, RESOURCE_NAMES, allResources, eventTypesOf, isEventType, resourceOfEvent } from './catalog';
import { checkSubscriptionUrl, type WebhookAllowList } from './url-policy';

type Obj = Record<string, unknown>;

export interface SubscriptionResource {
  name: ResourceName;
  events: EventType[];
}

export interface SubscriptionInput {
  url: string;
  includeAll: boolean;
  resources: SubscriptionResource[];
  allowRetry: boolean;
}

export type SubscriptionPatch = Partial<SubscriptionInput>;

function readUrl(v: Validator, body: Obj | undefined, required: boolean, allow: WebhookAllowList): string | undefined {
  const url = v.string(body, 'url', { required });
  if (url === undefined) return undefined;
  const verdict = checkSubscriptionUrl(url.trim(), allow);
  if (!verdict.ok) {
    v.add('INVALID_URL', verdict.message, 'url', { value: url.slice(0, 200) });
    return undefined;
  }
  return verdict.url;
}

/**
 * `resources`: at least one item, unique names, each with a non-empty list of event types of that resource.
 * Upstream also allows `includeAll: true` on one resource (every event of that resource); accepted here as an
 * extension. Duplicate event types inside one resource are collapsed, not refused.
 */
function readResources(v: Validator, body: Obj | undefined, required: boolean): SubscriptionResource[] | undefined {
  const items = v.array(body, 'resources', { required, minItems: 1, maxItems: RESOURCE_NAMES.length * 4 });
  if (!items || items.length === 0) return undefined;
  const before = v.errors.length;
  const seen = new Set<string>();
  const out: SubscriptionResource[] = [];
  items.forEach((_item, i) => {
    const base = `resources[${i}]`;
    const item = v.object(items, base, { required: true });
    if (!item) return;
    const name = v.enum(item, `${base}.name`, RESOURCE_NAMES, { required: true });
    if (name && seen.has(name)) {
      v.add('DUPLICATE_RESOURCE', `Resource '${name}' appears more than once in 'body:resources'`, `${base}.name`, { name });
    }
    if (name) seen.add(name);
    const includeAll = v.boolean(item, `${base}.includeAll`);
    if (includeAll) {
      if (name) out.push({ name, events: [...eventTypesOf(name)] });
      return;
    }
    const events = v.array(item, `${base}.events`, { required: true, minItems: 1, maxItems: 50 });
    if (!events) return;
    const chosen: EventType[] = [];
    events.forEach((ev, j) => {
      const path = `${base}.events[${j}]`;
      if (!isEventType(ev)) {
        v.add('INVALID_ENUM', `Parameter 'body:${path}' must be one of the event types`, path, {
          value: typeof ev === 'string' ? ev.slice(0, 64) : ev,
          allowed: EVENT_TYPES,
        });
        return;
      }
      if (name && resourceOfEvent(ev) !== name) {
        v.add('EVENT_NOT_IN_RESOURCE', `Event type '${ev}' belongs to resource '${resourceOfEvent(ev)}', not '${name}'`, path, {
          eventType: ev,
          resource: name,
          allowed: eventTypesOf(name),
        });
        return;
      }
      if (!chosen.includes(ev)) chosen.push(ev);
    });
    if (name) out.push({ name, events: chosen });
  });
  return v.errors.length === before ? out : undefined;
}

/** POST /api/subscriptions body → normalised subscription, or 400 INVALID_DATA with every located field error. */
export function parseCreateSubscription(body: unknown, allow: WebhookAllowList = null): SubscriptionInput {
  const v = new Validator('body');
  const root = v.root(body);
  const url = readUrl(v, root, true, allow);
  const includeAll = v.boolean(root, 'includeAll') ?? false;
  const allowRetry = v.boolean(root, 'allowRetry') ?? false;
  // With includeAll the contract says `resources` is ignored — so it is not validated either.
  const resources = includeAll ? allResources() : readResources(v, root, true);
  v.done();
  return { url: url!, includeAll, resources: resources!, allowRetry };
}

/**
 * PATCH (upstream extension): any of the create fields. `resources` replaces the whole set and turns `includeAll`
 * off; `includeAll: false` alone is accepted only when the subscription already has its own resources.
 */
export function parsePatchSubscription(
  body: unknown,
  current: { includeAll: boolean },
  allow: WebhookAllowList = null,
): SubscriptionPatch {
  const v = new Validator('body');
  const root = v.root(body);
  const patch: SubscriptionPatch = {};
  if (root) {
    const known = ['url', 'includeAll', 'resources', 'allowRetry'];
    if (!known.some((k) => root[k] !== undefined)) {
      v.add('REQUIRED', `At least one of ${known.join(', ')} is required`, '', { allowed: known });
    }
    if (root.url !== undefined) patch.url = readUrl(v, root, true, allow);
    if (root.allowRetry !== undefined) patch.allowRetry = v.boolean(root, 'allowRetry', { required: true });
    const includeAll = root.includeAll !== undefined ? v.boolean(root, 'includeAll', { required: true }) : undefined;
    if (includeAll === true) {
      patch.includeAll = true;
      patch.resources = allResources();
    } else if (root.resources !== undefined) {
      const resources = readResources(v, root, true);
      if (resources) {
        patch.resources = resources;
        patch.includeAll = false;
      }
    } else if (includeAll === false) {
      if (current.includeAll) {
        v.add('REQUIRED', "Parameter 'body:resources' is required when turning 'includeAll' off", 'resources');
      } else {
        patch.includeAll = false;
      }
    }
  }
  v.done();
  return patch;
}
