import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { loadDashboard } from "../../../admin/dashboard.server";
import { refuseSubmission, requireAdmin } from "../../../auth/guards.server";
import { AuditList } from "../../../components/admin/AuditList";
import { MoneyBackTable } from "../../../components/admin/MoneyBackTable";
import { RevenueTable } from "../../../components/admin/RevenueTable";
import { WeeklyChart } from "../../../components/admin/WeeklyChart";
import { recentMoneyBack } from "../../../payments/refunds.server";
import { formatDate } from "../../../../kit/format";

export const meta: MetaFunction = () => [{ title: "Back office — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [dashboard, moneyBack] = await Promise.all([loadDashboard(), recentMoneyBack({ limit: 10 })]);
  return { ...dashboard, moneyBack };
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

function Queue({ to, count, label, waits = true }: { to: string; count: number; label: string; waits?: boolean }) {
  return (
    <Link to={to} className={`admin-queue${waits && count > 0 ? " admin-queue--waiting" : ""}`}>
      <span className="admin-queue__count">{count.toLocaleString("en-GB")}</span>
      <span className="admin-queue__label">{label}</span>
    </Link>
  );
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="admin-page">
      <h1>Dashboard</h1>
      <section aria-labelledby="queues-heading" className="admin-section">
        <h2 id="queues-heading">Waiting for moderation</h2>
        <div className="admin-queues">
          <Queue to="/account/admin/listings/submitted" count={data.queues.submittedListings} label="submitted listings" />
          <Queue to="/account/admin/listings/submitted" count={data.queues.pendingEdits} label="edits of live listings" />
          <Queue to="/account/admin/reviews/unmoderated" count={data.queues.unmoderatedReviews} label="unmoderated reviews" />
          <Queue to="/account/admin/blog-posts/stories" count={data.queues.submittedStories} label="submitted stories" />
          <Queue to="/account/admin/contact-messages?show=unread" count={data.queues.unreadMessages} label="unread contact messages" />
          <Queue to="/account/admin/listings/draft" count={data.queues.draftListings} label="draft listings (members still writing)" waits={false} />
        </div>
      </section>
      <section aria-labelledby="activity-heading" className="admin-section">
        <h2 id="activity-heading">Activity</h2>
        <div className="admin-charts">
          <WeeklyChart title="New listings per week" points={data.listingsPerWeek} />
          <WeeklyChart title="New reviews per week" points={data.reviewsPerWeek} />
        </div>
      </section>
      <section aria-labelledby="revenue-heading" className="admin-section">
        <h2 id="revenue-heading">Subscriptions and revenue per month</h2>
        <RevenueTable revenue={data.revenue} />
      </section>
      <section aria-labelledby="money-back-heading" className="admin-section">
        <h2 id="money-back-heading">Refunds and disputes</h2>
        <MoneyBackTable rows={data.moneyBack} showMember caption="The latest refunds, reversals and disputes" />
      </section>
      <div className="admin-columns">
        <section aria-labelledby="members-heading" className="admin-section admin-card">
          <h2 id="members-heading">New members</h2>
          <p>
            <strong>{data.members.lastWeek.toLocaleString("en-GB")}</strong> joined in the last 7 days ({data.members.total.toLocaleString("en-GB")} members in all).
          </p>
          <ul className="admin-list">
            {data.members.latest.map((member) => (
              <li key={member.id}>
                <span className="admin-list__main">{member.username ?? member.email}</span>
                <span className="admin-list__meta">
                  {formatDate(member.createdAt)}
                  {member.verified ? "" : " · email not verified"}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="audit-heading" className="admin-section admin-card">
          <h2 id="audit-heading">Latest admin actions</h2>
          <AuditList entries={data.audit} empty="No administrator has acted yet." />
        </section>
      </div>
    </div>
  );
}
