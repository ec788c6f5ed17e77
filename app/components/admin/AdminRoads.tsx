import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useField, ValidatedForm } from "remix-validated-form";
import { junctionValidator, lineText, newRoadValidator, parseLine, roadValidator } from "../../admin/roads.schemas";
import { ROAD_COUNTRY_TABS, type AdminRoad, type AdminRoadsPage, type RoadCountryTab } from "../../admin/roads.types";
import type { AuditEntryView } from "../../admin/types";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, Notice, SubmitButton } from "../forms/FormParts";
import { RoadMap } from "../map/RoadMap";
import { useHydrated } from "../search/hooks";
import { AdminOutcome, AdminSearch, AdminTabs } from "./AdminListParts";
import { TableHead } from "../TableHead";
import { AdminHistory, AdminPages, AdminSection, ConfirmAction, StatusBadge } from "./AdminParts";
import type { Confirmation } from "../../../core/errors";

/** The action's answer: a question to confirm, or the one error body (a validated form's has its formId: shown on its fields). */
interface ActionData {
  message?: string;
  fieldErrors?: Record<string, string>;
  formId?: string;
  confirm?: Confirmation | null;
}

const listPath = (country: RoadCountryTab) => `/account/admin/manage-roads/${country.slug}`;

export function RoadsTable({ page, flash }: { page: AdminRoadsPage; flash: string | null }) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-page">
      <div className="admin-road-head">
        <h1>Roads</h1>
        <Link className="button button--small" to={`/account/admin/manage-roads/add?country=${page.country.slug}`}>
          Add a road
        </Link>
      </div>
      <AdminTabs label="Roads by country" tabs={ROAD_COUNTRY_TABS.map((tab) => ({ to: listPath(tab), label: tab.label, current: page.country.slug === tab.slug }))} />
      <AdminOutcome flash={flash} result={result} />
      <AdminSearch label="Road name or number" query={page.query.q} limit={page.pagination.limit} maxLength={40} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards admin-table--plain">
          <caption className="visually-hidden">Roads in {page.country.label}</caption>
          <TableHead columns={["Road", "Junctions", "Live listings", { hidden: "Actions" }]} />
          <tbody>
            {page.roads.length === 0 ? (
              <tr>
                <td colSpan={4}>No roads match.</td>
              </tr>
            ) : (
              page.roads.map((road) => (
                <tr key={road.id}>
                  <td data-label="Road">
                    <Link to={`/account/admin/manage-roads/${road.id}`}>{road.name}</Link> {road.motorway ? <StatusBadge tone="plain">Motorway</StatusBadge> : null}
                  </td>
                  <td data-label="Junctions">{road.junctions.toLocaleString("en-GB")}</td>
                  <td data-label="Live listings">{road.liveListings.toLocaleString("en-GB")}</td>
                  <td>
                    <Form method="post" action={location.pathname + location.search} replace>
                      <input type="hidden" name="ids" value={road.id} />
                      <button type="submit" name="intent" value="delete" className="button button--small button--danger" disabled={busy} aria-label={`Delete ${road.name}`}>
                        Delete
                      </button>
                    </Form>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <AdminPages pagination={page.pagination} search={location.search} noun="roads" />
    </div>
  );
}

/** The road's line as "latitude, longitude" lines: typed without JavaScript, filled in by map clicks with it. */
function LineField({ formId, textarea, onLine }: { formId: string; textarea: React.RefObject<HTMLTextAreaElement>; onLine: (text: string) => void }) {
  const { error, getInputProps } = useField("line");
  const hydrated = useHydrated();
  const id = `${formId}-line`;
  const set = (value: string) => {
    if (!textarea.current) return;
    textarea.current.value = value;
    onLine(value);
  };
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        The road&apos;s line
      </label>
      <p id={`${id}-hint`} className="field__hint">
        One point a line, &quot;latitude, longitude&quot; (e.g. 52.4862, -1.8904), in order along the road{hydrated ? "; or click along the road on the map" : ""}.
      </p>
      <textarea
        {...getInputProps({ id, onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => onLine(event.currentTarget.value) })}
        ref={textarea}
        rows={8}
        spellCheck={false}
        className="field__input field__textarea admin-road-line"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {hydrated ? (
        <div className="form-actions">
          <button type="button" className="button button--small button--quiet" onClick={() => set((textarea.current?.value ?? "").trim().split("\n").slice(0, -1).join("\n"))}>
            Undo the last point
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => set("")}>
            Clear the line
          </button>
        </div>
      ) : null}
    </div>
  );
}

function parsedOr(text: string, fallback: [number, number][]): [number, number][] {
  const parsed = parseLine(text);
  return parsed.ok ? parsed.line : text.trim() ? fallback : [];
}

/** The line being typed or drawn: the textarea (the form's value) and its parsed points (the map's preview). */
function useLineDrawing(initial: [number, number][]) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [line, setLine] = useState<[number, number][]>(initial);
  const onLine = (text: string) => setLine((previous) => parsedOr(text, previous));
  const addPoint = (lat: number, lng: number) => {
    const element = textarea.current;
    if (!element) return;
    element.value = [element.value.trim(), `${lat}, ${lng}`].filter(Boolean).join("\n");
    onLine(element.value);
  };
  return { textarea, line, onLine, addPoint };
}

type LineDrawing = ReturnType<typeof useLineDrawing>;

/** Name, motorway and line (typed, drawn or from the routing graph): the add page's form and the road page's edit form. */
function RoadFields({ formId, road, country, drawing, onDraw, children }: { formId: string; road: AdminRoad | null; country: RoadCountryTab; drawing: LineDrawing; onDraw?: () => void; children?: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <ValidatedForm
      validator={road ? roadValidator : newRoadValidator}
      method="post"
      id={formId}
      noValidate
      className="form-stack"
      defaultValues={{ name: road?.name ?? "", line: road ? lineText(road.line) : "", ref: "" }}
    >
      <input type="hidden" name="intent" value={road ? "edit" : "add"} />
      <TextField formId={formId} name="name" label="Name" hint="The road's number as signed, e.g. M6, A1(M) or A26" maxLength={40} />
      {road ? null : (
        <div className="field">
          <label htmlFor={`${formId}-country`} className="field__label">
            Country
          </label>
          <select id={`${formId}-country`} name="country" defaultValue={String(country.id)} className="field__input field__select">
            {ROAD_COUNTRY_TABS.map((tab) => (
              <option key={tab.id} value={tab.id}>
                {tab.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label className="admin-check">
          <input type="checkbox" name="motorway" defaultChecked={road ? road.motorway : true} /> A motorway (autoroute)
        </label>
      </div>
      <fieldset className="field admin-road-source">
        <legend className="field__label">Where its line comes from</legend>
        <label className="admin-check">
          <input type="radio" name="source" value="points" defaultChecked /> The points below (typed or drawn on the map)
        </label>
        <label className="admin-check">
          <input type="radio" name="source" value="graph" /> The routing graph: the road of this number
        </label>
      </fieldset>
      <LineField formId={formId} textarea={drawing.textarea} onLine={drawing.onLine} />
      {hydrated && onDraw ? (
        <button type="button" className="button button--small button--quiet" onClick={onDraw}>
          Draw the line on the map
        </button>
      ) : null}
      <TextField formId={formId} name="ref" label="Road number in the routing graph" hint="Used when the line comes from the routing graph, e.g. M6" maxLength={20} optional />
      {children}
      <div className="form-actions">
        <SubmitButton pending="Saving…">{road ? "Save the road" : "Add the road"}</SubmitButton>
      </div>
    </ValidatedForm>
  );
}

export function AddRoadPage({ country, flash }: { country: RoadCountryTab; flash: string | null }) {
  const drawing = useLineDrawing([]);
  const data = useMemo(() => ({ line: drawing.line, junctions: [], pending: null, centre: country.centre }), [drawing.line, country]);
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to={listPath(country)}>Roads</Link>
      </p>
      <h1>Add a road</h1>
      <Notice message={flash} />
      <div className="admin-card admin-section">
        <RoadFields formId="road" road={null} country={country} drawing={drawing}>
          <RoadMap data={data} onPick={drawing.addPoint} label="Map for drawing the new road" hint="Click along the road, in order, to draw its line." />
        </RoadFields>
      </div>
    </div>
  );
}

type Junction = AdminRoad["junctions"][number];

function JunctionForm({ formId, junction, picking, onPick }: { formId: string; junction: Junction | null; picking: boolean; onPick: () => void }) {
  const hydrated = useHydrated();
  return (
    <ValidatedForm
      validator={junctionValidator}
      method="post"
      id={formId}
      noValidate
      className="admin-junction-form"
      defaultValues={junction ? { number: junction.number, town: junction.town ?? "", lat: junction.lat, lng: junction.lng } : { number: "", town: "" }}
    >
      <input type="hidden" name="intent" value={junction ? "junction-edit" : "junction-add"} />
      {junction ? <input type="hidden" name="junctionId" value={junction.id} /> : null}
      <TextField formId={formId} name="number" label="Number" maxLength={5} />
      <TextField formId={formId} name="town" label="Name (the place it serves)" hint={junction ? undefined : "Empty: the nearest town"} maxLength={80} optional />
      <TextField formId={formId} name="lat" label="Latitude" inputMode="decimal" maxLength={14} />
      <TextField formId={formId} name="lng" label="Longitude" inputMode="decimal" maxLength={14} />
      <div className="form-actions">
        <SubmitButton pending="Saving…">{junction ? `Save junction ${junction.number}` : "Add the junction"}</SubmitButton>
        {hydrated ? (
          <button type="button" className="button button--small button--quiet" aria-pressed={picking} onClick={onPick}>
            {picking ? "Click the map to place it" : "Place on the map"}
          </button>
        ) : null}
      </div>
    </ValidatedForm>
  );
}

export function RoadPage({ road, history, country, flash }: { road: AdminRoad; history: AuditEntryView[]; country: RoadCountryTab; flash: string | null }) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  // One junction is edited at a time (?edit={id}): the page stays light on a road of 40 junctions.
  const editId = Number(new URLSearchParams(location.search).get("edit"));
  const editing = road.junctions.find((junction) => junction.id === editId) ?? null;
  const [picking, setPicking] = useState(editing ? "junction-edit" : "junction-new");
  useEffect(() => setPicking(editing ? "junction-edit" : "junction-new"), [editing]);
  const [pending, setPending] = useState<{ lat: number; lng: number } | null>(null);
  const drawing = useLineDrawing(road.line);
  const data = useMemo(() => ({ line: drawing.line, junctions: road.junctions, pending }), [drawing.line, road, pending]);
  const place = (lat: number, lng: number) => {
    if (picking === "line") {
      drawing.addPoint(lat, lng);
      return;
    }
    for (const [name, value] of [
      ["lat", lat],
      ["lng", lng],
    ] as const) {
      const input = document.getElementById(`${picking}-${name}`);
      if (input instanceof HTMLInputElement) input.value = String(value);
    }
    setPending({ lat, lng });
  };
  const pickingLabel =
    picking === "line"
      ? "adds a point to the end of the road's line (below)"
      : `sets the position of ${picking === "junction-edit" && editing ? `junction ${editing.number}` : "the new junction"}`;
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to={listPath(country)}>Roads in {country.label}</Link>
      </p>
      <h1>
        {road.name} {road.motorway ? <StatusBadge tone="plain">Motorway</StatusBadge> : null} {road.approximate ? <StatusBadge tone="waiting">Approximate line</StatusBadge> : null}
      </h1>
      <p>
        {road.junctions.length} junction{road.junctions.length === 1 ? "" : "s"} · {road.liveListings.toLocaleString("en-GB")} live listing{road.liveListings === 1 ? "" : "s"} · a line of {road.line.length} points
      </p>
      <Notice message={flash} />
      <FormAlert message={result?.formId ? null : formErrorOf(result)} />
      {result?.confirm ? <ConfirmAction confirmation={result.confirm} cancelTo={location.pathname} /> : null}
      <AdminSection id="junctions" title="Junctions, in order along the road">
        <RoadMap data={data} onPick={place} label={`Map of ${road.name} and its junctions`} hint={`A click on the map ${pickingLabel}.`} />
        {road.junctions.length === 0 ? (
          <p>This road has no junctions yet: listings attach to a road through its junctions.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards admin-table--plain admin-junctions">
              <caption className="visually-hidden">Junctions of {road.name}</caption>
              <TableHead columns={["Junction", "Position", "Listings", { hidden: "Actions" }]} />
              <tbody>
                {road.junctions.map((junction) => (
                  <tr key={junction.id} aria-current={junction.id === editing?.id ? "true" : undefined}>
                    <td data-label="Junction">
                      {junction.expandedName}
                      {junction.town ? ` (${junction.town})` : ""}
                    </td>
                    <td data-label="Position">
                      {junction.lat}, {junction.lng}
                    </td>
                    <td data-label="Listings">{junction.listings.toLocaleString("en-GB")}</td>
                    <td>
                      <div className="admin-junction-actions">
                        <Link to={`?edit=${junction.id}#edit-junction`} className="button button--small button--quiet" aria-label={`Edit junction ${junction.number}`} preventScrollReset>
                          Edit
                        </Link>
                        <Form method="post" action={location.pathname} replace>
                          <input type="hidden" name="intent" value="junction-delete" />
                          <input type="hidden" name="junctionId" value={junction.id} />
                          <button type="submit" className="button button--small button--danger" disabled={busy} aria-label={`Delete junction ${junction.number}`}>
                            Delete
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {editing ? (
          <>
            <h3 id="edit-junction">
              Edit junction {editing.number} <Link to={location.pathname}>(cancel)</Link>
            </h3>
            <JunctionForm key={editing.id} formId="junction-edit" junction={editing} picking={picking === "junction-edit"} onPick={() => setPicking("junction-edit")} />
          </>
        ) : null}
        <h3>Add a junction</h3>
        <JunctionForm formId="junction-new" junction={null} picking={picking === "junction-new"} onPick={() => setPicking("junction-new")} />
      </AdminSection>
      <div className="admin-columns">
        <AdminSection id="road" title="Name and line">
          <RoadFields formId="road" road={road} country={country} drawing={drawing} onDraw={() => setPicking("line")} />
        </AdminSection>
        <AdminHistory noun="road" entries={history} empty="No administrator has changed this road yet." />
      </div>
      <AdminSection id="delete" title="Delete the road">
        <p>Its junctions go with it; its listings move to their next nearest junction within 5 miles, or to no road.</p>
        <Form method="post" replace>
          <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
            Delete {road.name}
          </button>
        </Form>
      </AdminSection>
    </div>
  );
}
