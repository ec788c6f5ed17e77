// The back office's post editor: loader and action work (every call checks the admin role first).

import { redirectWithFlash } from "../auth/flash.server";
import { validateForm } from "../auth/forms.server";
import { requireAdmin } from "../auth/guards.server";
import { safeRedirect } from "../auth/redirect";
import { galleryImages, usableImageIds } from "../uploads/files.server";
import { deletePost, editablePost, publishPost, savePost, unpublishPost, type EditablePost } from "./admin.server";
import { idParam } from "./admin-request.server";
import { BLOG_ADMIN_MESSAGES } from "./admin-types";
import { answerForm, readPhotoForm, uploadFormPhotos } from "./forms.server";
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
  const { form, refused } = await readPhotoForm(request);
  if (refused) return refused;
  const intent = form.get("intent");
  const back = safeRedirect(form.get("returnTo"), "/account/admin/blog-posts");
  if (id !== null && (intent === "publish" || intent === "unpublish" || intent === "delete")) {
    if (intent === "publish") await publishPost(id);
    else if (intent === "unpublish") await unpublishPost(id);
    else await deletePost(id);
    const message = intent === "publish" ? BLOG_ADMIN_MESSAGES.published : intent === "unpublish" ? BLOG_ADMIN_MESSAGES.unpublished : BLOG_ADMIN_MESSAGES.deleted;
    throw await redirectWithFlash(intent === "delete" ? "/account/admin/blog-posts" : back, message);
  }
  const valid = await validateForm(adminPostValidator, form);
  if (!valid.ok) return valid.response;
  return answerForm(form, async () => {
    const uploader = { user, visitorKey: null };
    const existing = id === null ? [] : (await editablePost(id)).gallery;
    const uploaded = await uploadFormPhotos(uploader, form);
    const images = await usableImageIds(uploader, [...valid.data.gallery, ...uploaded], existing);
    const saved = await savePost(id, valid.data, images);
    throw await redirectWithFlash(`/account/admin/blog-posts/edit/${saved}`, BLOG_ADMIN_MESSAGES.saved);
  });
}
