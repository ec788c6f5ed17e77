import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteUpload } from "../../uploads/files.server";
import { uploaderOf } from "../../uploads/uploader.server";
import { AppError } from "../../../core/errors";

/** DELETE /api/files/{id}: removes an upload its sender no longer wants (ownership checked in deleteUpload). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") throw new AppError(405, "Use DELETE to remove an image.", { allow: "DELETE" });
  const { uploader } = await uploaderOf(request, { issue: false });
  await deleteUpload(uploader, params.id ?? "");
  return new Response(null, { status: 204 });
}

export function loader() {
  throw new AppError(405, "Use DELETE to remove an image.", { allow: "DELETE" });
}
