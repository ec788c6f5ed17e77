// The back office's post editor: loader and action work (every call checks the admin role first).
import { AppError } from "../errors";
import { data, redirect } from "@remix-run/node";
import { flashHeader } from "../auth/flash.server";
import { validateForm } from "../auth/forms.server";
import { requireAdmin } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import { createUpload, galleryImages, usableImageIds } from "../uploads/files.server";
import { filesOf, MAX_FILES_PER_FORM, readUploadForm } from "../uploads/multipart.server";
import { deletePost, editablePost, publishPost, savePost, unpublishPost, type EditablePost } from "./admin.server";
import { idParam } from "./admin-request.server";
import { BLOG_ADMIN_MESSAGES } from "./admin-types";
import { answerForm } from "./forms.server";
import { blogCategories } from "./posts.server";
import { adminPostValidator } from "./schemas";

const BLANK: EditablePost = { id: null, title: "", slug: "", excerpt: "", bodyHtml: "", categories: [], status: "draft", publishedAt: "", gallery: [], videos: "", story: null, authorName: "" };

export async function editorPage(request: Request, idText: string | undefined) {
  await requireAdmin(request);
  const post = idText === undefined ? BLANK : await editablePost(idParam(idText));
  const [categories, images] = await Promise.all([blogCategories(), galleryImages(post.gallery)]);
  return { post, categories, images };
}

export async function editorAction(request: Request, idText: string | undefined) {
  const user = await requireAdmin(request);
  const id = idText === undefined ? null : idParam(idText);
  let form: FormData;
  try {
    form = await readUploadForm(request, MAX_FILES_PER_FORM);
  } catch (error) {
    if (error instanceof AppError) return data({ formError: error.message, fieldErrors: {} }, { status: error.status });
    throw error;
  }
  const intent = form.get("intent");
  const back = safeRedirect(form.get("returnTo"), "/account/admin/blog-posts");
  if (id !== null && (intent === "publish" || intent === "unpublish" || intent === "delete")) {
    if (intent === "publish") await publishPost(id);
    else if (intent === "unpublish") await unpublishPost(id);
    else await deletePost(id);
    const message = intent === "publish" ? BLOG_ADMIN_MESSAGES.published : intent === "unpublish" ? BLOG_ADMIN_MESSAGES.unpublished : BLOG_ADMIN_MESSAGES.deleted;
    throw redirect(intent === "delete" ? "/account/admin/blog-posts" : back, { headers: { "Set-Cookie": await flashHeader(message) } });
  }
  const valid = await validateForm(adminPostValidator, form);
  if (!valid.ok) return valid.response;
  return answerForm(form, async () => {
    const uploader = { user, visitorKey: null };
    const existing = id === null ? [] : (await editablePost(id)).gallery;
    const uploaded: string[] = [];
    for (const file of filesOf(form, "images").slice(0, MAX_FILES_PER_FORM)) uploaded.push((await createUpload(uploader, Buffer.from(await file.arrayBuffer()))).id);
    const images = await usableImageIds(uploader, [...valid.data.gallery, ...uploaded], existing);
    const saved = await savePost(id, valid.data, images);
    throw redirect(`/account/admin/blog-posts/edit/${saved}`, { headers: { "Set-Cookie": await flashHeader(BLOG_ADMIN_MESSAGES.saved) } });
  });
}
