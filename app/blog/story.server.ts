// Stories from readers (/bark-out/submit): each lands in the back office as a draft post in 'Your
// stories', with the member as its author, and the team is mailed. Treat Points follow on publishing.
import { randomBytes } from "node:crypto";
import { enforceRateLimits } from "../auth/rate-limit.server";
import type { SessionUser } from "../auth/guards.server";
import { eq } from "drizzle-orm";
import { blogCategories, blogPostCategories, blogPosts, type BlogGalleryItem, type BlogStory } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { queueMail } from "../mail/send.server";
import { attachImages, usableImageIds } from "../uploads/files.server";
import type { Uploader } from "../uploads/uploader.server";
import { storyMail } from "./mail.server";
import type { StoryForm } from "./schemas";
import { escapeHtml } from "../../kit/html";

export const STORY_CATEGORY = "your-stories";

const QUESTIONS: [keyof Pick<StoryForm, "likes" | "favourite-walks" | "walk-activities">, string][] = [
  ["likes", "What my dog enjoys"],
  ["favourite-walks", "The walks my dog enjoys"],
  ["walk-activities", "What my dog gets up to on our walks"],
];

/** The story as a draft post's body: one heading-like paragraph per question, line breaks kept. */
function storyBody(form: StoryForm): { html: string; text: string } {
  const html = QUESTIONS.map(([field, label]) => `<p><strong>${escapeHtml(label)}</strong></p>${form[field].split(/\n{2,}/).map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, "<br />")}</p>`).join("")}`).join("");
  const text = QUESTIONS.map(([field, label]) => `${label}: ${form[field]}`).join(" ");
  return { html, text };
}

/** Saves the story as a draft post and queues the team's mail; returns the post's id. */
export async function submitStory(form: StoryForm, user: SessionUser | null, uploader: Uploader, clientIp: string): Promise<number> {
  await enforceRateLimits(["story:ip", clientIp]);
  const author = user ? (user.username ?? "A member") : (form.name ?? "A visitor");
  const images = await usableImageIds(uploader, form.gallery, []);
  const body = storyBody(form);
  const title = `Your story: from ${author}`.slice(0, 200);
  const slug = `story-${randomBytes(6).toString("hex")}`;
  const story: BlogStory = { likes: form.likes, favouriteWalks: form["favourite-walks"], walkActivities: form["walk-activities"], ...(user ? {} : { name: form.name, email: form.email }) };
  const gallery: BlogGalleryItem[] = images.map((id) => ({ kind: "image", id, alt: "" }));
  return db().transaction(async (tx) => {
    const [post] = await tx
      .insert(blogPosts)
      .values({ slug, title, excerpt: form.likes.slice(0, 200), bodyHtml: body.html, bodyText: body.text, status: "draft", authorUserId: user?.id ?? null, authorName: author, gallery, story })
      .returning({ id: blogPosts.id });
    const [category] = await tx.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.slug, STORY_CATEGORY));
    if (category) await tx.insert(blogPostCategories).values({ postId: post.id, categoryId: category.id });
    if (images.length) await attachImages(tx, images);
    await queueMail(tx, storyMail(getEnv().TEAM_EMAIL, { author, postId: post.id }));
    return post.id;
  });
}
