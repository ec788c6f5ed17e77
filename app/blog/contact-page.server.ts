import { getSessionUser } from "../auth/guards.server";
import { createFallbackQuestion } from "../captcha/captcha.server";
import type { ContactFormData } from "../components/blog/ContactForm";

/** What /contact and /faqs load: the captcha question for visitors, a member's name and address. */
export async function contactPageData(request: Request): Promise<ContactFormData> {
  const user = await getSessionUser(request);
  return { captcha: createFallbackQuestion(), member: user ? { name: user.username ?? "", email: user.email } : null };
}
