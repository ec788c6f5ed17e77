import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ALL_CATEGORIES, type BlogCategory } from "../../blog/types";

/** The checklist's rule in the browser (the server applies the same rule to a plain form). */
function nextTicked(current: string[], slug: string, checked: boolean): string[] {
  if (slug === ALL_CATEGORIES) return [ALL_CATEGORIES];
  const specific = current.filter((value) => value !== ALL_CATEGORIES && value !== slug);
  const next = checked ? [...specific, slug] : specific;
  return next.length ? next : [ALL_CATEGORIES];
}

/**
 * The listing's GET form: the category checklist (a disclosure labelled 'All Articles' on wide
 * screens and 'Categories' on narrow ones) and the search panel with clear. Without JavaScript it is
 * a plain form with a submit button; with it, ticking a box applies the rule and submits at once.
 */
export function BlogFilters({ categories, selected, q }: { categories: BlogCategory[]; selected: string[]; q: string }) {
  const current = selected.length ? selected : [ALL_CATEGORIES];
  const [ticked, setTicked] = useState(current);
  const [text, setText] = useState(q);
  const [enhanced, setEnhanced] = useState(false);
  // The panels start open when they hold a choice, then stay as the visitor leaves them: a navigation
  // (a box ticked, the search cleared) does not close the panel they are using.
  const [categoriesOpen, setCategoriesOpen] = useState(selected.length > 0);
  const [searchOpen, setSearchOpen] = useState(q !== "");
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const key = current.join(",");

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    setTicked(key.split(","));
  }, [key]);
  useEffect(() => setText(q), [q]);

  function onTick(slug: string, checked: boolean) {
    const next = nextTicked(ticked, slug, checked);
    setTicked(next);
    // Submit once React has written the new checkbox states into the form.
    window.setTimeout(() => form.current && submit(form.current, { preventScrollReset: true }), 0);
  }

  function clear() {
    setText("");
    setTicked([ALL_CATEGORIES]);
    window.setTimeout(() => form.current && submit(form.current), 0);
  }

  return (
    <Form method="get" action="/bark-out" className="blog-filters" ref={form} role="search" aria-label="Articles">
      <input type="hidden" name="previous" value={key} />
      <details className="blog-filters__panel blog-filters__categories" open={categoriesOpen || undefined} onToggle={(event) => setCategoriesOpen(event.currentTarget.open)}>
        <summary className="button button--quiet">
          <span className="blog-filters__wide">All Articles</span>
          <span className="blog-filters__narrow">Categories</span>
        </summary>
        <fieldset className="blog-filters__checklist">
          <legend className="visually-hidden">Categories</legend>
          <label className="check">
            <input type="checkbox" name="category" value={ALL_CATEGORIES} checked={ticked.includes(ALL_CATEGORIES)} onChange={(event) => onTick(ALL_CATEGORIES, event.target.checked)} />
            All categories
          </label>
          {categories.map((category) => (
            <label key={category.slug} className="check">
              <input type="checkbox" name="category" value={category.slug} checked={ticked.includes(category.slug)} onChange={(event) => onTick(category.slug, event.target.checked)} />
              {category.name}
            </label>
          ))}
        </fieldset>
      </details>
      <details className="blog-filters__panel blog-filters__search" open={searchOpen || undefined} onToggle={(event) => setSearchOpen(event.currentTarget.open)}>
        <summary className="button button--quiet">Search articles</summary>
        <div className="blog-filters__search-row">
          <label htmlFor="blog-q" className="visually-hidden">
            Search articles
          </label>
          <input id="blog-q" type="search" name="q" className="field__input" maxLength={100} value={text} onChange={(event) => setText(event.target.value)} placeholder="Beaches, France, heat…" />
          <button type="submit" className="button button--accent">
            Search
          </button>
          {enhanced ? (
            <button type="button" className="button button--quiet" onClick={clear}>
              Clear
            </button>
          ) : (
            <Link to="/bark-out" className="button button--quiet">
              Clear
            </Link>
          )}
        </div>
      </details>
      {enhanced ? null : (
        <button type="submit" className="button blog-filters__apply">
          Show articles
        </button>
      )}
    </Form>
  );
}
