// The results list's loader called directly (integration tests): its status and page, or the redirect it
// answers with (a canonical URL, a road or junction found by name).
import { loadResultsPage } from "../../app/search/results.server";
import { AppError } from "../../core/errors";

export async function resultsPage(path: string) {
  try {
    const { status, page } = await loadResultsPage(new Request(`http://localhost${path}`), "list");
    return { status, page, location: null };
  } catch (thrown) {
    if (thrown instanceof AppError) return { status: thrown.status, page: null, location: null };
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, page: null, location: thrown.headers.get("Location") };
  }
}
