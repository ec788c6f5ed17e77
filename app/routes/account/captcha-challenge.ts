import { createCaptchaChallenge } from "../../captcha/captcha.server";

/** A fresh ALTCHA challenge for the widget; never cached. */
export async function loader() {
  return Response.json(await createCaptchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}
