import { getEnv } from "../env.server";

/** The site's public address for links in mail (APP_URL, else this server's localhost address). */
export function appUrl(): string {
  const env = getEnv();
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

export function absoluteUrl(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${appUrl()}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
