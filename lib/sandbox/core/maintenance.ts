import { Maintenance } from '@/lib/pglite/maintenance';
import type { BackgroundTask, Sql } from './types';

export { Maintenance, MAINTENANCE_DEFAULTS, type MaintenanceOptions, type MaintenanceRun } from '@/lib/pglite/maintenance';

/** Wraps a Sql so every write it runs is counted for `maintenance` (the embedded engine's single writer). */
export function countingSql(sql: Sql, maintenance: Maintenance): Sql {
  const wrap = (inner: Sql): Sql => ({
    async query<T>(text: string, params?: readonly unknown[]) {
      const r = await inner.query<T>(text, params);
      maintenance.note(text, r.affectedRows);
      return r;
    },
    exec: (text) => inner.exec(text),
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
  });
  return wrap(sql);
}

/** The sandbox loop's maintenance step (runs on its periodic ticks, never on a write's wake). */
export function maintenanceTask(maintenance: Maintenance): BackgroundTask {
  return {
    name: 'db-maintenance',
    runOnWake: false,
    async run({ sql }) {
      await maintenance.tick(sql);
      // Maintenance never creates work for the other tasks.
      return 0;
    },
  };
}
