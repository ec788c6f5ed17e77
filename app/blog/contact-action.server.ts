// The contact form's work, shared by /contact and /faqs.
import { data, type AppLoadContext } from "@remix-run/node";
import { clientOf } from "../auth/client.server";
import { checkHoneypot, validateForm } from "../auth/forms.server";
import { getSessionUser } from "../auth/guards.server";
import { checkCaptcha } from "../captcha/captcha.server";
import { sendContactMessage } from "./contact.server";
import { answerForm } from "./forms.server";
import { contactValidator } from "./schemas";

/** Validates, checks the captcha (visitors only), stores the message and queues the team's mail. */
export async function contactAction(request: Request, form: FormData, context: AppLoadContext | undefined) {
  const user = await getSessionUser(request);
  const valid = await validateForm(contactValidator, form);
  if (!valid.ok) return valid.response;
  return answerForm(form, async () => {
    checkHoneypot(form);
    if (!user) await checkCaptcha(form);
    await sendContactMessage(valid.data, user, clientOf(request, context).ip);
    return data({ sent: true as const });
  });
}
