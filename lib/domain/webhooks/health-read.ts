import type { AttemptSample } from './health';

/** What the health figures need of an attempt, plus its id (to find where a previous read left off). */
export type HealthSample = AttemptSample & { id: string };

/** A previous read of one subscription's attempts, newest first, at most `cap` of them. */
export interface HealthRead {
  samples: HealthSample[];
  /** Older attempts inside the window were left unread (the read stopped at the cap). */
  more: boolean;
}

export type FetchPage = (cursor: string | null) => Promise<{ data: HealthSample[]; nextCursor: string | null }>;

/**
 * The attempts of a subscription's health window, newest first, at most `cap`, reading as few pages as it can.
 *
 * Without a previous read every page is read up to the cap (20 pages of 100 for 2,000 attempts: the cost the
 * execution-log page paid on every view once a subscription had that many). With one, only the pages newer than
 * it are read, up to and including the page that holds the previous newest attempt, and the rest comes from the
 * previous read: one page per view in the steady state. Every attempt on the pages read is taken as the service
 * says now, so an attempt that was still in flight last time (recorded as failed, then updated) is refreshed —
 * attempts in flight are always among the newest. `from` (ISO time) trims what the previous read kept.
 */
export async function readHealthWindow(fetchPage: FetchPage, previous: HealthRead | undefined, from: string, cap: number): Promise<HealthRead> {
  const known = previous?.samples[0]?.id;
  const fresh: HealthSample[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchPage(cursor);
    fresh.push(...page.data);
    const next = page.nextCursor;
    if (known !== undefined && page.data.some((s) => s.id === known)) {
      // Joined the previous read: the rest of it follows the last attempt read now.
      const last = fresh.at(-1)!.id;
      const at = previous!.samples.findIndex((s) => s.id === last);
      if (at >= 0 || !next) {
        const rest = at >= 0 ? previous!.samples.slice(at + 1) : [];
        return trim([...fresh, ...rest], at >= 0 && previous!.more, from, cap);
      }
    }
    if (!next || seenCursors.has(next)) return trim(fresh, false, from, cap);
    if (fresh.length >= cap) return trim(fresh, true, from, cap);
    seenCursors.add(next);
    cursor = next;
  }
}

function trim(samples: HealthSample[], more: boolean, from: string, cap: number): HealthRead {
  const fromMs = Date.parse(from);
  const inWindow = samples.filter((s) => !(Date.parse(s.createdAt) < fromMs));
  // Some attempts left the window: any older unread ones left it too.
  const left = inWindow.length < samples.length;
  if (inWindow.length > cap) return { samples: inWindow.slice(0, cap), more: true };
  return { samples: inWindow, more: more && !left };
}
