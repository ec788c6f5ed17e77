// Blog videos (issue 50): YouTube and Vimeo videos play as click-to-load embeds from YouTube's no-cookie
// player or Vimeo's player, and the Content-Security-Policy lets exactly those two origins into frames on
// blog post pages only. The browser side (nothing asked of the hosts before the click) is
// tests/e2e/blog-videos.js-only.spec.ts.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVideos } from "../../app/blog/admin.server";
import { isBlogPostPath, videoEmbedSource } from "../../app/blog/video-embed";
import { installOperations } from "../../app/ops/http.server";

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base = "";

beforeAll(async () => {
  const app = express();
  installOperations(app, { queueRunning: () => true });
  app.get("*", (_req, res) => {
    res.type("html").send("<p>page</p>");
  });
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function frameSources(path: string): Promise<string[]> {
  const response = await fetch(`${base}${path}`);
  const header = response.headers.get("content-security-policy") ?? "";
  const directive = header.split(";").map((part) => part.trim().split(/\s+/)).find((parts) => parts[0] === "frame-src");
  expect(directive, path).toBeDefined();
  return directive?.slice(1) ?? [];
}

describe("blog videos", () => {
  it("turns YouTube and Vimeo addresses into their privacy-friendly embed addresses, and nothing else", () => {
    const cases: [string, string | null][] = [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
      ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
      ["http://www.youtube.com/watch?v=dQw4w9WgXcQ", null],
      ["https://www.youtube.com/watch?v=bad", null],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ/../../x", null],
      ["https://vimeo.com/channels/staff", null],
      ["https://evil.example/embed/dQw4w9WgXcQ", null],
      ["javascript:alert(1)", null],
    ];
    for (const [url, expected] of cases) expect({ url, embed: videoEmbedSource(url) }).toEqual({ url, embed: expected });
    expect(parseVideos("https://www.youtube.com/watch?v=dQw4w9WgXcQ | Zoomies")).toEqual([{ kind: "video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Zoomies" }]);
  });

  it("allows the two video players in frames on blog post pages (and their preview) and nowhere else", async () => {
    const players = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];
    for (const path of ["/bark-out/a-walk-in-the-lakes", "/bark-out/a-walk-in-the-lakes/", "/account/admin/blog-posts/preview/12"]) {
      expect(isBlogPostPath(path)).toBe(true);
      const sources = await frameSources(path);
      expect(sources).toContain("'self'");
      for (const player of players) expect(sources, path).toContain(player);
      expect(sources.join(" "), path).not.toContain("www.youtube.com");
    }
    for (const path of ["/", "/bark-out", "/bark-out/submit", "/bark-out/feed.atom", "/bark-out/a-post/favourite", "/account/admin/blog-posts/edit/12", "/account/admin/blog-posts/preview/x", "/walks/somewhere"]) {
      expect(isBlogPostPath(path), path).toBe(false);
      const sources = await frameSources(path);
      for (const player of players) expect(sources, path).not.toContain(player);
    }
  });
});
