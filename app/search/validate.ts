// The search forms' check before a search runs, with the same zod schema as the server (spec §5). The schema
// and zod are not part of a page's first JavaScript: they load when a search form is first
// focused or pressed (`loadSearchValidation`), and at the latest on the first check (docs/decisions/0178).
import type { SearchState } from "./url";

type Validate = (state: SearchState) => Record<string, string>;
let pending: Promise<Validate> | null = null;

/** Starts loading the validator (at most once); a failed load is tried again next time. */
export function loadSearchValidation(): Promise<Validate> {
  pending ??= import("./validate-schema").then(
    (module) => module.validateSearch,
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Field name → message for a search's inputs; empty when valid, and when the check could not load (the server checks again). */
export async function validateSearch(state: SearchState): Promise<Record<string, string>> {
  const validate = await loadSearchValidation().catch(() => null);
  return validate ? validate(state) : {};
}

/** For a search form's onFocus and onPointerDown: the check is usually loaded before it is needed. */
export function preloadSearchValidation(): void {
  void loadSearchValidation().catch(() => undefined);
}
