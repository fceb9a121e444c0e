import type { ConsoleDb } from '@/lib/db/client';
import type { ChangeRow } from '@/lib/domain/control-changes';

/** Who a change is applied for: its requester (the row's "changed by" stays the admin who asked). */
export type ChangeActor = { id: string; email: string };

/** What the control-change service needs to know about one kind. */
export interface KindHandler<S> {
  /** The subject's state now, read inside the caller's transaction; null when the subject is gone (a deleted user). */
  current(db: ConsoleDb, after: S): Promise<S | null>;
  isWeakening(before: S, after: S): boolean;
  /** The side-by-side rows. */
  describe(before: S, after: S): ChangeRow[];
  /** Whether two states are the same (a pending change whose subject moved on is not applied). */
  same(a: S, b: S): boolean;
  /** Makes `after` the state, inside the caller's transaction. */
  apply(db: ConsoleDb, after: S, by: ChangeActor, at: Date): Promise<void>;
}
