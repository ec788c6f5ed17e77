// /account/offline: what this browser keeps lives in the browser, so the page only needs the member;
// a plain post of a "Keep for offline" form lands here and is told that keeping needs JavaScript.
import { redirect } from "@remix-run/node";
import { formAction } from "../auth/forms.server";
import { requireMember } from "../auth/guards.server";

export async function offlinePage(request: Request) {
  const user = await requireMember(request);
  const asked = new URL(request.url).searchParams.get("keep");
  return { username: user.username ?? "", asked: asked ? asked.slice(0, 120) : null };
}

export async function keepWithoutJavaScript(request: Request) {
  await requireMember(request);
  return formAction(request, async (form) => {
    const title = String(form.get("title") ?? "").slice(0, 120);
    return redirect(`/account/offline?${new URLSearchParams({ keep: title || "this page" })}`);
  });
}
