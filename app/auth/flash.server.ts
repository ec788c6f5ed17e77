// One-off messages shown after a redirect ('Your password has been updated successfully'), carried in
// a short-lived signed cookie so that pages work the same with and without JavaScript.
import { redirect } from "@remix-run/node";
import { signedCookie } from "./cookies.server";

const flashCookie = signedCookie("pawroute_flash", 60);

export function flashHeader(message: string): Promise<string> {
  return flashCookie().serialize(message.slice(0, 300));
}

/** The redirect after a form that worked: the page it lands on shows `message` once. */
export async function redirectWithFlash(to: string, message: string): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await flashHeader(message) } });
}

/** The waiting message (if any) and the header that clears it. */
export async function readFlash(request: Request): Promise<{ message: string | null; headers: HeadersInit }> {
  const value: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !value) return { message: null, headers: {} };
  return { message: value, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) } };
}
