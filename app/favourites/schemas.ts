// One zod schema per favourites form, shared by the browser (remix-validated-form) and the server.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { MAX_DATABASE_ID } from "../../core/ids";

export const NEW_LIST_NAME_MESSAGE = "You must enter a name for your new list.";
const NAME_MAX = 80;
const DESCRIPTION_MAX = 300;

const text = (max: number, message: string) =>
  z.preprocess((value) => (value === undefined || value === null ? "" : value), z.string({ invalid_type_error: message }).trim().max(max, message));

const listName = z.preprocess(
  (value) => (value === undefined || value === null ? "" : value),
  z
    .string({ invalid_type_error: NEW_LIST_NAME_MESSAGE })
    .trim()
    .min(1, NEW_LIST_NAME_MESSAGE)
    .max(NAME_MAX, `A list name can be at most ${NAME_MAX} characters long`),
);

export const newListSchema = z.object({ intent: z.literal("create"), name: listName });
export const editListSchema = z.object({
  intent: z.literal("update"),
  name: listName,
  description: text(DESCRIPTION_MAX, `A description can be at most ${DESCRIPTION_MAX} characters long`),
});

export const newListValidator = withZod(newListSchema);
export const editListValidator = withZod(editListSchema);

/** The list buttons and the toggle: which list, which listing. */
export const listItemSchema = z.object({
  intent: z.enum(["add", "remove", "quick-add", "unfavourite"]),
  listId: z.preprocess((value) => (value === "" || value === undefined ? undefined : value), z.coerce.number().int().positive().max(MAX_DATABASE_ID).optional()),
});
