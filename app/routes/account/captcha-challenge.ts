import type { LoaderFunctionArgs } from "@remix-run/node";
import { clientOf } from "../../auth/client.server";
import { createCaptchaChallenge, isCaptchaForm } from "../../captcha/captcha.server";
import { AppError } from "../../../core/errors";

/** A fresh ALTCHA challenge for the widget on one form (`?form=contact`), for this client only; never cached. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const form = new URL(request.url).searchParams.get("form");
  if (!isCaptchaForm(form)) throw new AppError(400, "Please say which form the captcha is for.");
  return Response.json(await createCaptchaChallenge(form, clientOf(request, context).ip), { headers: { "Cache-Control": "no-store" } });
}
