import type { ActionFunctionArgs } from "@remix-run/node";
import { createUpload } from "../../uploads/files.server";
import { filesOf, readUploadForm } from "../../uploads/multipart.server";
import { UPLOAD_MESSAGES } from "../../../media/images.server";
import { uploaderOf } from "../../uploads/uploader.server";
import { AppError } from "../../../core/errors";
import { limitUploads } from "../../auth/rate-limit.server";
import { errorResponse } from "../../error-response.server";

/** POST /api/gallery/items with a file (field "file"): the spec's uploaded image, { id, versions, srcset }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new AppError(405, "Use POST to upload an image.", { allow: "POST" });
  const { uploader, setCookie } = await uploaderOf(request, { issue: true });
  const headers: HeadersInit = setCookie ? { "Set-Cookie": setCookie } : {};
  try {
    await limitUploads(request, context, uploader);
    const form = await readUploadForm(request);
    const [file] = filesOf(form, "file");
    if (!file) throw new AppError(400, UPLOAD_MESSAGES.missing);
    const image = await createUpload(uploader, Buffer.from(await file.arrayBuffer()));
    return Response.json(image, { status: 201, headers });
  } catch (error) {
    if (error instanceof AppError) {
      const answer = errorResponse(error);
      if (setCookie) answer.headers.append("Set-Cookie", setCookie);
      return answer;
    }
    throw error;
  }
}

export function loader() {
  throw new AppError(405, "Use POST to upload an image.", { allow: "POST" });
}
