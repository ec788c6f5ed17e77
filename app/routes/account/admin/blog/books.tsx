import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "../../../../auth/forms.server";
import { requireAdmin } from "../../../../auth/guards.server";
import { bookList, moveBook, saveBookOrder } from "../../../../blog/admin.server";
import { BOOKS_MESSAGES } from "../../../../blog/admin-types";
import { BooksOrder } from "../../../../components/blog/BooksOrder";
import { StatusPage } from "../../../../components/StatusPage";
import { AppError } from "../../../../../core/errors";
import { errorResponse } from "../../../../error-response.server";
import formStyles from "../../../../styles/forms.css?url";
import blogStyles from "../../../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: blogStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { books: await bookList() };
}

/** Up/down buttons (one move) or the dragged order (every id, in order): `{ notice }`, or the error body, with the spec's messages. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  try {
    const intent = form.get("intent");
    if (intent === "up" || intent === "down") {
      const id = String(form.get("id") ?? "");
      if (!/^\d{1,9}$/.test(id)) throw new AppError(400, BOOKS_MESSAGES.failure);
      await moveBook(Number(id), intent);
    } else {
      const order = form.getAll("order").map(String);
      if (order.length === 0 || order.length > 500 || order.some((id) => !/^\d{1,9}$/.test(id))) throw new AppError(400, BOOKS_MESSAGES.failure);
      await saveBookOrder(order.map(Number));
    }
    return { notice: BOOKS_MESSAGES.success };
  } catch (error) {
    // The spec's one failure message, in the one error body.
    if (error instanceof AppError) return errorResponse(new AppError(error.status, BOOKS_MESSAGES.failure));
    throw error;
  }
}

export default function Books() {
  const { books } = useLoaderData<typeof loader>();
  return (
    <div className="container admin-blog">
      <h1>Books order</h1>
      <p>Book posts (the Books category) appear in this order. Drag them, or use the up and down buttons.</p>
      <BooksOrder books={books} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Books order — Back office — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}
