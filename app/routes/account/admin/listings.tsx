import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { bulkDeleteListings, bulkDenyListings, listListings } from "../../../admin/listings.server";
import { isListingFilter, LISTING_FILTERS } from "../../../admin/listings.types";
import { ADMIN_MESSAGES } from "../../../admin/messages";
import { idsOf } from "../../../admin/params.server";
import { flashHeader, readFlash } from "../../../auth/flash.server";
import { requireAdmin } from "../../../auth/guards.server";
import { AdminPages, ConfirmAction, SelectAll, StatusBadge, type Confirmation } from "../../../components/admin/AdminParts";
import { FormAlert, Notice } from "../../../components/forms/FormParts";
import { handleErrors } from "../../../error-response.server";
import { AppError } from "../../../errors";

export const meta: MetaFunction = () => [{ title: "Listings — Back office — Pawroute" }];

function filterOf(params: { status?: string }) {
  const status = params.status ?? "all";
  if (!isListingFilter(status)) throw new AppError(404, "Sorry, there is no such list of listings.");
  return status;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return handleErrors(async () => {
    const filter = filterOf(params);
    const [page, flash] = await Promise.all([listListings(filter, new URL(request.url).searchParams), readFlash(request)]);
    return data({ ...page, flash: flash.message }, { headers: flash.headers });
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return handleErrors(async () => {
    filterOf(params);
    const form = await request.formData();
    const intent = form.get("intent");
    const ids = idsOf(form);
    const back = new URL(request.url);
    if (intent !== "deny" && intent !== "delete") return data({ formError: "Please choose what to do with the selected listings.", confirm: null }, { status: 400 });
    if (ids.length === 0) return data({ formError: "Please select at least one listing.", confirm: null }, { status: 400 });
    if (intent === "delete" && form.get("confirmed") !== "1") {
      const confirm: Confirmation = { intent, ids, question: ADMIN_MESSAGES.confirmDeleteListing, confirmLabel: ids.length === 1 ? "Delete the listing" : `Delete ${ids.length} listings` };
      return data({ formError: null, confirm });
    }
    try {
      if (intent === "deny") {
        await bulkDenyListings(admin, ids);
        return redirect(back.pathname + back.search, { headers: { "Set-Cookie": await flashHeader(ADMIN_MESSAGES.listingsDenied) } });
      }
      const deleted = await bulkDeleteListings(admin, ids);
      const message = deleted === 1 ? ADMIN_MESSAGES.listingDeleted : `The selected listings have been deleted (${deleted})`;
      return redirect(back.pathname + back.search, { headers: { "Set-Cookie": await flashHeader(message) } });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw error;
      console.error(error);
      const reason = error instanceof Error ? error.message : "an error occurred";
      return data({ formError: intent === "delete" ? ADMIN_MESSAGES.listingDeleteFailed(reason) : ADMIN_MESSAGES.actionFailed, confirm: null }, { status: 500 });
    }
  });
}

function tone(status: number): "waiting" | "live" | "denied" | "plain" {
  return status === 1 ? "waiting" : status === 2 ? "live" : status === 3 ? "denied" : "plain";
}

export default function AdminListings() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const countries = [
    { id: 235, name: "United Kingdom" },
    { id: 75, name: "France" },
  ];
  const roads = page.roads.filter((road) => page.query.country === null || road.countryId === page.query.country);
  return (
    <div className="admin-page">
      <h1>Listings</h1>
      <ul className="admin-tabs" aria-label="Listings by status">
        {Object.entries(LISTING_FILTERS).map(([key, filter]) => {
          const to = key === "all" ? "/account/admin/listings" : `/account/admin/listings/${key}`;
          return (
            <li key={key}>
              <Link to={to} aria-current={page.filter === key ? "page" : undefined}>
                {filter.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <Notice message={page.flash} />
      <FormAlert message={result?.formError} />
      {result?.confirm ? <ConfirmAction key={result.confirm.ids.join(",")} confirmation={result.confirm} cancelTo={location.pathname + location.search} /> : null}
      <Form method="get" className="admin-filters" role="search">
        <label>
          Title
          <input type="search" name="q" defaultValue={page.query.q} maxLength={100} />
        </label>
        <label>
          Country
          <select name="country" defaultValue={page.query.country ?? ""}>
            <option value="">All countries</option>
            {countries.map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Road
          <select name="road" defaultValue={page.query.road ?? ""}>
            <option value="">All roads</option>
            {roads.map((road) => (
              <option key={road.id} value={road.id}>
                {road.name}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="limit" value={page.pagination.limit} />
        <button type="submit" className="button button--small">
          Search
        </button>
        {page.query.q || page.query.road || page.query.country ? <Link to={location.pathname}>Clear</Link> : null}
      </Form>
      <Form method="post" action={location.pathname + location.search} replace>
        <div className="admin-bulk">
          <span className="admin-muted">With the selected listings:</span>
          <button type="submit" name="intent" value="deny" className="button button--small" disabled={busy}>
            Deny
          </button>
          <button type="submit" name="intent" value="delete" className="button button--small button--danger" disabled={busy}>
            Delete
          </button>
        </div>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col" className="admin-table__check">
                  <SelectAll label="Select every listing on this page" />
                </th>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Road</th>
                <th scope="col">Country</th>
                <th scope="col">Author</th>
                <th scope="col">Updated</th>
                <th scope="col">Moderation</th>
              </tr>
            </thead>
            <tbody>
              {page.listings.length === 0 ? (
                <tr>
                  <td colSpan={8}>No listings match.</td>
                </tr>
              ) : (
                page.listings.map((listing) => (
                  <tr key={listing.id}>
                    <td className="admin-table__check">
                      <input type="checkbox" name="ids" value={listing.id} aria-label={`Select ${listing.title}`} />
                    </td>
                    <td data-label="Title">
                      {listing.status === 2 ? <Link to={listing.url}>{listing.title}</Link> : listing.title}
                    </td>
                    <td data-label="Status">
                      <StatusBadge tone={tone(listing.status)}>{listing.statusName}</StatusBadge>
                    </td>
                    <td data-label="Road">{listing.road ?? "—"}</td>
                    <td data-label="Country">{listing.country}</td>
                    <td data-label="Author">{listing.author}</td>
                    <td data-label="Updated">{new Date(listing.updatedAt).toLocaleDateString("en-GB", { timeZone: "Europe/London" })}</td>
                    <td data-label="Moderation">
                      {listing.waitingVersion !== null ? (
                        <Link to={`/account/admin/view-edit?location=${listing.id}&version=${listing.waitingVersion}`}>Review changes</Link>
                      ) : (
                        <Link to={`/account/admin/view-edit?location=${listing.id}`}>View</Link>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Form>
      <AdminPages pagination={page.pagination} search={location.search} noun="listings" />
    </div>
  );
}
