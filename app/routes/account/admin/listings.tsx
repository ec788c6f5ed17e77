import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { bulkDeleteListings, bulkDenyListings, listListings } from "../../../admin/listings.server";
import { isListingFilter, LISTING_FILTERS } from "../../../admin/listings.types";
import { ADMIN_MESSAGES } from "../../../admin/messages";
import { readModerationReason } from "../../../admin/moderation";
import { idsOf } from "../../../admin/params.server";
import { readFlash, redirectWithFlash } from "../../../auth/flash.server";
import { readForm } from "../../../auth/forms.server";
import { requireAdmin } from "../../../auth/guards.server";
import { AdminBulkTable, AdminOutcome, AdminSearch, AdminTabs } from "../../../components/admin/AdminListParts";
import { AdminPages, StatusBadge } from "../../../components/admin/AdminParts";
import { AppError, type Confirmation } from "../../../../core/errors";
import { formErrorResponse, formFailureResponse } from "../../../error-response.server";
import { formatDate } from "../../../../kit/format";

export const meta: MetaFunction = () => [{ title: "Listings — Back office — Pawroute" }];

function filterOf(params: { status?: string }) {
  const status = params.status ?? "all";
  if (!isListingFilter(status)) throw new AppError(404, "Sorry, there is no such list of listings.");
  return status;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filter = filterOf(params);
  const [page, flash] = await Promise.all([listListings(filter, new URL(request.url).searchParams), readFlash(request)]);
  return data({ ...page, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  filterOf(params);
  const form = await readForm(request);
  const intent = form.get("intent");
  const ids = idsOf(form);
  const back = new URL(request.url);
  if (intent !== "deny" && intent !== "delete") return formErrorResponse(new AppError(400, "Please choose what to do with the selected listings."));
  if (ids.length === 0) return formErrorResponse(new AppError(400, "Please select at least one listing."));
  const confirmed = form.get("confirmed") === "1";
  const denial = intent === "deny" && confirmed ? readModerationReason(form) : null;
  if (intent === "deny" && (!denial || !denial.ok)) {
    const question = ids.length === 1 ? "Deny this listing? Tell its author why." : `Deny these ${ids.length} listings? Tell their authors why.`;
    const confirm: Confirmation = {
      intent,
      ids,
      question,
      confirmLabel: ids.length === 1 ? "Deny the listing" : `Deny ${ids.length} listings`,
      reason: { error: denial && !denial.ok ? denial.error : null, values: denial && !denial.ok ? denial.values : { reason: "", reasonText: "" } },
    };
    // A reason that does not do: the question again, with the reason's error on its field.
    if (denial && !denial.ok) return formErrorResponse(new AppError(400, denial.error, { fieldErrors: { reason: denial.error } }), { confirm });
    return data({ confirm });
  }
  if (intent === "delete" && !confirmed) {
    const confirm: Confirmation = { intent, ids, question: ADMIN_MESSAGES.confirmDeleteListing, confirmLabel: ids.length === 1 ? "Delete the listing" : `Delete ${ids.length} listings` };
    return data({ confirm });
  }
  try {
    if (denial?.ok) {
      await bulkDenyListings(admin, ids, denial.reason);
      return redirectWithFlash(back.pathname + back.search, ADMIN_MESSAGES.listingsDenied);
    }
    const deleted = await bulkDeleteListings(admin, ids);
    const message = deleted === 1 ? ADMIN_MESSAGES.listingDeleted : `The selected listings have been deleted (${deleted})`;
    return redirectWithFlash(back.pathname + back.search, message);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw error;
    const reason = error instanceof Error ? error.message : "an error occurred";
    return formFailureResponse(error, intent === "delete" ? ADMIN_MESSAGES.listingDeleteFailed(reason) : ADMIN_MESSAGES.actionFailed);
  }
}

/** One of the search's filters: "All …" or one of the options. */
function FilterSelect({ label, name, value, all, options }: { label: string; name: string; value: number | null; all: string; options: { id: number; name: string }[] }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ""}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function tone(status: number): "waiting" | "live" | "denied" | "plain" {
  return status === 1 ? "waiting" : status === 2 ? "live" : status === 3 ? "denied" : "plain";
}

export default function AdminListings() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const countries = [
    { id: 235, name: "United Kingdom" },
    { id: 75, name: "France" },
  ];
  const roads = page.roads.filter((road) => page.query.country === null || road.countryId === page.query.country);
  return (
    <div className="admin-page">
      <h1>Listings</h1>
      <AdminTabs
        label="Listings by status"
        tabs={Object.entries(LISTING_FILTERS).map(([key, filter]) => ({
          to: key === "all" ? "/account/admin/listings" : `/account/admin/listings/${key}`,
          label: filter.label,
          current: page.filter === key,
        }))}
      />
      <AdminOutcome flash={page.flash} result={result} />
      <AdminSearch
        label="Title"
        query={page.query.q}
        limit={page.pagination.limit}
        after={page.query.q || page.query.road || page.query.country ? <Link to={location.pathname}>Clear</Link> : null}
      >
        <FilterSelect label="Country" name="country" value={page.query.country} all="All countries" options={countries} />
        <FilterSelect label="Road" name="road" value={page.query.road} all="All roads" options={roads} />
      </AdminSearch>
      <AdminBulkTable
        rows={page.listings}
        noun="listings"
        one="listing"
        actions={[
          { intent: "deny", label: "Deny" },
          { intent: "delete", label: "Delete", danger: true },
        ]}
        selectLabel={(listing) => `Select ${listing.title}`}
        columns={[
          { header: "Title", cell: (listing) => (listing.status === 2 ? <Link to={listing.url}>{listing.title}</Link> : listing.title) },
          { header: "Status", cell: (listing) => <StatusBadge tone={tone(listing.status)}>{listing.statusName}</StatusBadge> },
          { header: "Road", cell: (listing) => listing.road ?? "—" },
          { header: "Country", cell: (listing) => listing.country },
          { header: "Author", cell: (listing) => listing.author },
          { header: "Updated", cell: (listing) => formatDate(listing.updatedAt) },
          {
            header: "Moderation",
            cell: (listing) =>
              listing.waitingVersion !== null ? (
                <Link to={`/account/admin/view-edit?location=${listing.id}&version=${listing.waitingVersion}`}>Review changes</Link>
              ) : (
                <Link to={`/account/admin/view-edit?location=${listing.id}`}>View</Link>
              ),
          },
        ]}
      />
      <AdminPages pagination={page.pagination} search={location.search} noun="listings" />
    </div>
  );
}
