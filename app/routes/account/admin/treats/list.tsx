import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../../auth/flash.server";
import { refuseSubmission, requireAdmin } from "../../../../auth/guards.server";
import { AdminTableHead } from "../../../../components/admin/AdminParts";
import { Notice } from "../../../../components/forms/FormParts";
import { GiftIcon } from "../../../../components/treats/GiftIcon";
import { listTreatOptions } from "../../../../treats/options.server";
import { CHANCES_SLUG, TREAT_TYPES, type TreatType } from "../../../../treats/types";
import treatsStyles from "../../../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Treats — Back office — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [treats, flash] = await Promise.all([listTreatOptions(), readFlash(request)]);
  return data({ treats, flash: flash.message }, { headers: flash.headers });
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

export default function AdminTreats() {
  const { treats, flash } = useLoaderData<typeof loader>();
  return (
    <div className="admin-page">
      <h1>Treats</h1>
      <Notice message={flash} />
      <p className="admin-blog__actions">
        <Link to="/account/admin/treats/add" className="button button--accent">
          Add a Treat
        </Link>
        <Link to={`/account/admin/treats/${CHANCES_SLUG}`} className="button button--quiet">
          Chances of winning
        </Link>
      </p>
      {treats.length === 0 ? (
        <p>No Treats yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-treats-table">
            <AdminTableHead columns={["Image", "Treat", "Kind", "Weight", "Chance", "Won"]} />
            <tbody>
              {treats.map((treat) => (
                <tr key={treat.id}>
                  <td>{treat.image ? <img src={treat.image.thumb} alt="" width={64} height={48} /> : <GiftIcon className="treat-card__placeholder" />}</td>
                  <td>
                    <Link to={`/account/admin/treats/edit/${treat.id}`}>{treat.name}</Link>
                    {treat.featured ? <span className="tag">featured</span> : null}
                  </td>
                  <td>{TREAT_TYPES[treat.type as TreatType] ?? treat.type}</td>
                  <td>{treat.weight.toLocaleString("en-GB")}</td>
                  <td>
                    <Link to={`/account/admin/treats/${treat.slug}`} aria-label={`${treat.chance}% chance of winning ${treat.name}`}>
                      {treat.chance}%
                    </Link>
                  </td>
                  <td>{treat.won}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
