// The subscribe form's work, shared by every page that shows it (a post, /newsletter and the modal).
import { data } from "@remix-run/node";
import { clientOf } from "../auth/client.server";
import { validateForm } from "../auth/forms.server";
import { getSessionUser } from "../auth/guards.server";
import { checkCaptcha } from "../captcha/captcha.server";
import { answerForm } from "./forms.server";
import { memberNewsletterOptIn, signUpForNewsletter } from "./newsletter.server";
import { NEWSLETTER_MESSAGES, newsletterValidator } from "./schemas";
import type { AppLoadContext } from "@remix-run/node";

export interface NewsletterAnswer {
  subscribed: string;
}

/** A member opts in at once (their address is verified by the account); a visitor passes the captcha and confirms by mail. */
export async function subscribeAction(request: Request, form: FormData, context: AppLoadContext | undefined) {
  const user = await getSessionUser(request);
  if (user && form.get("intent") === "member-subscribe") {
    await memberNewsletterOptIn(user);
    return data<NewsletterAnswer>({ subscribed: "You are subscribed to the Pawroute newsletter. You can change this in your email settings." });
  }
  const valid = await validateForm(newsletterValidator, form);
  if (!valid.ok) return valid.response;
  return answerForm(form, async () => {
    const { ip } = clientOf(request, context);
    await checkCaptcha(form, "newsletter", ip);
    await signUpForNewsletter(valid.data.email, ip);
    return data<NewsletterAnswer>({ subscribed: NEWSLETTER_MESSAGES.success });
  });
}
