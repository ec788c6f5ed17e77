// The contact form's server side, shared by /contact and /faqs (both routes export these).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { clientOf } from "../auth/client.server";
import { checkHoneypot, readForm, validateForm } from "../auth/forms.server";
import { getSessionUser } from "../auth/guards.server";
import { checkCaptcha, createFallbackQuestion } from "../captcha/captcha.server";
import type { ContactFormData } from "../components/blog/ContactForm";
import { clientKeyOf, newClientKey } from "../http/client-key.server";
import { contactMessageMadeWith, sendContactMessage } from "./contact.server";
import { answerForm } from "./forms.server";
import { contactValidator } from "./schemas";

/** What the page loads: the captcha question, a member's name and address. */
export async function contactPageLoader({ request, context }: LoaderFunctionArgs): Promise<ContactFormData> {
  const user = await getSessionUser(request);
  return {
    captcha: createFallbackQuestion("contact", clientOf(request, context).ip),
    member: user ? { name: user.username ?? "", email: user.email } : null,
    clientKey: newClientKey(),
  };
}

/** Validates, checks the captcha (members too: the spec exempts only stories), stores the message and queues the team's mail. */
export async function contactPageAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const user = await getSessionUser(request);
  const valid = await validateForm(contactValidator, form);
  if (!valid.ok) return valid.response;
  return answerForm(form, async () => {
    checkHoneypot(form);
    const clientKey = clientKeyOf(form);
    // A retry of a message that was stored: the same answer, before the captcha (spent by the first).
    if ((await contactMessageMadeWith(clientKey)) !== null) return data({ sent: true as const });
    const { ip } = clientOf(request, context);
    await checkCaptcha(form, "contact", ip);
    await sendContactMessage(valid.data, user, ip, clientKey);
    return data({ sent: true as const });
  });
}
