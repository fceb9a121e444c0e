// zod/mini: the save form ships this schema to the browser (lazily) and the server actions parse with it too.
import * as z from 'zod/mini';
import { fieldKey } from '@/lib/validation/validation-result';
import { SAVED_VIEW_LISTS } from './list-schemas';

export const VIEW_NAME_MAX = 60;

const nameSchema = z.string().check(z.trim(), z.minLength(1, 'nameRequired'), z.maxLength(VIEW_NAME_MAX, fieldKey('tooLong', { max: VIEW_NAME_MAX })));
const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
const listSchema = z.enum(SAVED_VIEW_LISTS);

export const saveViewSchema = z.object({
  list: listSchema,
  name: nameSchema,
  query: z.string().check(z.maxLength(2000)),
  shared: z.boolean(),
  makeDefault: z.boolean(),
});
export type SaveViewInput = z.input<typeof saveViewSchema>;

export const renameViewSchema = z.object({ id: idSchema, name: nameSchema });
export type RenameViewInput = z.input<typeof renameViewSchema>;

export const viewIdSchema = z.object({ id: idSchema });

export const setDefaultSchema = z.object({ list: listSchema, id: z.nullable(idSchema) });

export const setTeamDefaultSchema = z.object({ id: idSchema, on: z.boolean() });
