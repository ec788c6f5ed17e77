import { Form, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useState, type DragEvent } from "react";
import type { BookRow } from "../../blog/admin-types";
import { isAppErrorData } from "../../../core/errors";

/** The action's answer: `{ notice }` when saved, else the one error body (`{ message, requestId }`). */
function messageOf(value: unknown): { ok: boolean; message: string } | null {
  if (value && typeof value === "object" && "notice" in value && typeof value.notice === "string") return { ok: true, message: value.notice };
  return isAppErrorData(value) ? { ok: false, message: value.message } : null;
}

/**
 * The books' order: each row has up and down buttons (plain forms, so they work without JavaScript);
 * with JavaScript the rows can also be dragged, and 'Save order' sends the whole order at once.
 */
export function BooksOrder({ books }: { books: BookRow[] }) {
  const [order, setOrder] = useState(books);
  const [dragging, setDragging] = useState<number | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const saver = useFetcher();
  const actionData: unknown = useActionData();
  const answer = messageOf(saver.data) ?? messageOf(actionData);
  const key = books.map((book) => book.id).join(",");
  useEffect(() => setEnhanced(true), []);
  useEffect(() => setOrder(books), [key, books]);

  function onDrop(event: DragEvent, targetId: number) {
    event.preventDefault();
    if (dragging === null || dragging === targetId) return;
    const from = order.findIndex((book) => book.id === dragging);
    const to = order.findIndex((book) => book.id === targetId);
    if (from < 0 || to < 0) return;
    // Dropped on a book: it takes that book's place, the others shift towards where it came from.
    const next = [...order];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    setOrder(next);
    setDragging(null);
  }

  const changed = order.map((book) => book.id).join(",") !== key;

  return (
    <div className="books-order">
      {answer ? (
        <p className={answer.ok ? "form-notice" : "form-alert"} role={answer.ok ? "status" : "alert"}>
          {answer.message}
        </p>
      ) : null}
      <ol className="books-order__list">
        {order.map((book, index) => (
          <li
            key={book.id}
            className={`books-order__item${dragging === book.id ? " books-order__item--dragging" : ""}`}
            draggable={enhanced}
            onDragStart={() => setDragging(book.id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, book.id)}
            data-book-id={book.id}
          >
            {enhanced ? (
              <span className="books-order__handle" aria-hidden="true">
                ⠿
              </span>
            ) : null}
            <span className="books-order__title">
              {index + 1}. {book.title}
              {book.status === "draft" ? " (draft)" : ""}
            </span>
            <Form method="post" className="books-order__moves" preventScrollReset>
              <input type="hidden" name="id" value={book.id} />
              <button type="submit" name="intent" value="up" className="button button--quiet" disabled={index === 0 || changed}>
                Up<span className="visually-hidden">: {book.title}</span>
              </button>
              <button type="submit" name="intent" value="down" className="button button--quiet" disabled={index === order.length - 1 || changed}>
                Down<span className="visually-hidden">: {book.title}</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
      {enhanced ? (
        <saver.Form method="post">
          {order.map((book) => (
            <input key={book.id} type="hidden" name="order" value={book.id} />
          ))}
          <button type="submit" className="button button--accent" disabled={!changed || saver.state !== "idle"}>
            {saver.state !== "idle" ? "Saving…" : "Save order"}
          </button>
        </saver.Form>
      ) : null}
    </div>
  );
}
