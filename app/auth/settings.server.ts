// The shape every account-settings sub-page shares (/account/settings/*): each is a page of its own
// without JavaScript and the content of a modal on the settings page with it (SettingsModalLink). Its
// loader and action are the member's only; a successful action goes back to the settings page with
// its message (a flash), so the modal closes and the page shows the message either way.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Validator } from "remix-validated-form";
import { redirectWithFlash } from "./flash.server";
import { validatedAction } from "./forms.server";
import { requireMember, type SessionUser } from "./guards.server";

export const SETTINGS_PATH = "/account/settings/";

/** A settings sub-page's loader: the member's own data (anyone else is sent to log in). */
export function settingsLoader<T>(load: (user: SessionUser, request: Request, context: LoaderFunctionArgs["context"]) => Promise<T> | T) {
  return async ({ request, context }: LoaderFunctionArgs) => load(await requireMember(request), request, context);
}

/**
 * A settings sub-page's action: the member only, the body read safely, the form validated with its
 * zod schema (422 with the field errors), then `save`; an AppError it throws is shown on the form.
 */
export function settingsAction<T, R>(validator: Validator<T>, save: (user: SessionUser, data: T, form: FormData, args: ActionFunctionArgs) => Promise<R>) {
  return async (args: ActionFunctionArgs) => {
    const user = await requireMember(args.request);
    return validatedAction(args.request, validator, (data, form) => save(user, data, form, args));
  };
}

/** After a change: back to the settings page (or `to`), which shows `message`. */
export async function backToSettings(message: string, to: string = SETTINGS_PATH): Promise<Response> {
  return redirectWithFlash(to, message);
}
