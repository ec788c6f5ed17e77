/**
 * Blog videos from YouTube and Vimeo play as privacy-friendly embeds: nothing is requested from the
 * video host until the reader clicks play; then an iframe loads from one of these two origins only
 * (YouTube's no-cookie player, Vimeo's player). The CSP allows them in frame-src on blog post pages only.
 */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set(["www.youtube.com", "youtube.com", "m.youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com"]);

/** The embed address to load on click, or null when the URL is not a YouTube or Vimeo video. */
export function videoEmbedSource(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:") return null;
  const parts = parsed.pathname.split("/").filter(Boolean);
  let youtube: string | undefined;
  if (parsed.hostname === "youtu.be") youtube = parts[0];
  else if (YOUTUBE_HOSTS.has(parsed.hostname)) {
    if (parts[0] === "watch") youtube = parsed.searchParams.get("v") ?? undefined;
    else if ((parts[0] === "embed" || parts[0] === "shorts") && parts.length === 2) youtube = parts[1];
  }
  if (youtube !== undefined) return YOUTUBE_ID.test(youtube) ? `${VIDEO_FRAME_ORIGINS[0]}/embed/${youtube}` : null;
  let vimeo: string | undefined;
  if (parsed.hostname === "player.vimeo.com" && parts[0] === "video" && parts.length === 2) vimeo = parts[1];
  else if ((parsed.hostname === "vimeo.com" || parsed.hostname === "www.vimeo.com") && parts.length === 1) vimeo = parts[0];
  if (vimeo !== undefined) return VIMEO_ID.test(vimeo) ? `${VIDEO_FRAME_ORIGINS[1]}/video/${vimeo}` : null;
  return null;
}

/**
 * A blog post's page: the public one (/bark-out/{slug}) and the administrator's preview of it, the only
 * pages whose CSP lets the video players in.
 */
export function isBlogPostPath(pathname: string): boolean {
  if (/^\/account\/admin\/blog-posts\/preview\/\d{1,12}\/?$/.test(pathname)) return true;
  const match = /^\/bark-out\/([a-z0-9_-]{1,120})\/?$/.exec(pathname);
  return match !== null && match[1] !== "submit";
}
