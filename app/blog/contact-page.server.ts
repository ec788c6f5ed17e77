// The contact form's server side, shared by /contact and /faqs (both routes export these).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { clientOf } from "../auth/client.server";
import { checkHoneypot, readForm, validateForm } from "../auth/forms.server";
import { getSessionUser } from "../auth/guards.server";
import { checkCaptcha, createFallbackQuestion } from "../captcha/captcha.server";
import type { ContactFormData } from "../components/blog/ContactForm";
import { sendContactMessage } from "./contact.server";
import { answerForm } from "./forms.server";
import { contactValidator } from "./schemas";

/** What the page loads: the captcha question for visitors, a member's name and address. */
export async function contactPageLoader({ request }: LoaderFunctionArgs): Promise<ContactFormData> {
  const user = await getSessionUser(request);
  return {
    captcha: createFallbackQuestion(),
    member: user ? { name: user.username ?? "", email: user.email } : null,
  };
}

/** Validates, checks the captcha (visitors only), stores the message and queues the team's mail. */
export async function contactPageAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
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
