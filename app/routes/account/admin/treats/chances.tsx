import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MAX_BULK } from "../../../../admin/params.server";
import { readFlash, redirectWithFlash } from "../../../../auth/flash.server";
import { readForm } from "../../../../auth/forms.server";
import { requireAdmin } from "../../../../auth/guards.server";
import { SubmitRow } from "../../../../components/forms/BusyButton";
import { FormAlert, formErrorOf, Notice } from "../../../../components/forms/FormParts";
import { StatusPage } from "../../../../components/StatusPage";
import { formErrorResponse, formFailureResponse } from "../../../../error-response.server";
import { AppError } from "../../../../../core/errors";
import { chancePageFocus, chancesStamp, listTreatOptions, saveChances } from "../../../../treats/options.server";
import { CHANCES_STAMP_FIELD, TREAT_MESSAGES } from "../../../../treats/types";
import treatsStyles from "../../../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Chances of winning — Treats — Back office — Pawroute" }];

const PERCENT = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

/**
 * /account/admin/treats/{slug} (docs/decisions/0112): every Treat's chance (they must total 100% together),
 * opened on the Treat whose slug it is; /account/admin/treats/chances opens it on none.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [focus, treats, flash] = await Promise.all([chancePageFocus(params.slug), listTreatOptions(), readFlash(request)]);
  return data(
    { focus, treats: treats.map((treat) => ({ id: treat.id, name: treat.name, chance: treat.chance })), stamp: chancesStamp(treats), flash: flash.message },
    { headers: flash.headers },
  );
}

/** The spec's POST prizes/options/chances/ (chance_values): percentages at two decimals that total exactly 100%. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  await chancePageFocus(params.slug);
  const form = await readForm(request);
  const chances = new Map<number, number>();
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    const match = /^chance_values\[(\d{1,10})\]$/.exec(key);
    if (!match || typeof value !== "string") continue;
    if (chances.size >= MAX_BULK) throw new AppError(400, "Too many Treats in one form.");
    values[match[1]] = value;
    const trimmed = value.trim() === "" ? "0" : value.trim();
    if (!PERCENT.test(trimmed)) return formErrorResponse(new AppError(422, "Each chance is a percentage from 0 to 100 with at most two decimals."), { repopulateFields: values });
    chances.set(Number(match[1]), Number(trimmed));
  }
  const stamp = form.get(CHANCES_STAMP_FIELD);
  try {
    await saveChances(admin, chances, typeof stamp === "string" ? stamp : "");
  } catch (error) {
    if (error instanceof AppError && error.code === "chance-total") return formErrorResponse(error, { repopulateFields: values });
    if (error instanceof AppError && error.status < 500) return formFailureResponse(error, TREAT_MESSAGES.chancesFailed, { repopulateFields: values });
    throw error;
  }
  return redirectWithFlash(new URL(request.url).pathname, TREAT_MESSAGES.chancesUpdated);
}

function hundredths(value: string): number | null {
  const trimmed = value.trim() === "" ? "0" : value.trim();
  return PERCENT.test(trimmed) ? Math.round(Number(trimmed) * 100) : null;
}

export default function TreatChances() {
  const { focus, treats, stamp, flash } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitted = (result?.repopulateFields ?? null) as Record<string, string> | null;
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(treats.map((treat) => [String(treat.id), submitted?.[String(treat.id)] ?? treat.chance])));
  // Chances typed while the page was still hydrating are in the inputs but not in React's state
  // (hydration keeps the DOM's values): take them over once, so the live total counts them.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typedEarly: Record<string, string> = {};
    for (const input of form.current?.querySelectorAll<HTMLInputElement>("input.chance-input") ?? []) {
      const id = input.id.replace(/^chance-/, "");
      if (input.value !== values[id]) typedEarly[id] = input.value;
    }
    if (Object.keys(typedEarly).length) setValues((current) => ({ ...current, ...typedEarly }));
    // Once, on hydration: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const parts = Object.values(values).map(hundredths);
  const total = parts.every((part) => part !== null) ? parts.reduce<number>((sum, part) => sum + (part ?? 0), 0) : null;
  const ok = total === 10_000;
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to="/account/admin/treats">Treats</Link>
      </p>
      <h1>Chances of winning</h1>
      {focus ? (
        <p className="form-lead">
          Showing <strong>{focus.name}</strong> among every Treat: the chances of all Treats add up to 100% together. <Link to={`/account/admin/treats/edit/${focus.id}`}>Edit this Treat</Link>
        </p>
      ) : null}
      <Notice message={flash} />
      <FormAlert message={formErrorOf(result)} />
      <Form method="post" className="form-stack" ref={form}>
        <input type="hidden" name={CHANCES_STAMP_FIELD} value={stamp} />
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Treat</th>
              <th scope="col">Chance of winning (%)</th>
            </tr>
          </thead>
          <tbody>
            {treats.map((treat) => (
              <tr key={treat.id} className={treat.id === focus?.id ? "chance-row--focus" : undefined} aria-current={treat.id === focus?.id ? "true" : undefined}>
                <td>
                  <label htmlFor={`chance-${treat.id}`}>{treat.name}</label>
                </td>
                <td>
                  <input
                    id={`chance-${treat.id}`}
                    name={`chance_values[${treat.id}]`}
                    className="field__input chance-input"
                    inputMode="decimal"
                    autoFocus={treat.id === focus?.id}
                    maxLength={6}
                    value={values[String(treat.id)] ?? ""}
                    onChange={(event) => setValues((current) => ({ ...current, [String(treat.id)]: event.target.value }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={`chance-total chance-total--${ok ? "ok" : "error"}`} role="status" data-total-ok={ok}>
          {ok ? "Total: 100.00%" : total === null ? "Each chance is a percentage from 0 to 100 with at most two decimals." : TREAT_MESSAGES.chanceTotal((total / 100).toFixed(2))}
        </p>
        <SubmitRow pending="Saving…">Save chances</SubmitRow>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}
