import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import type { FormEvent, KeyboardEvent } from "react";
import type { RoadOption } from "../../search/reference.types";
import { writeBrowserCookie } from "../../../kit/cookies";
import { HOMEPAGE_TAB_COOKIE, HOMEPAGE_TAB_MAX_AGE_SECONDS, SELECT_A_ROAD_MESSAGE } from "../../search/constants";
import { HOME_TABS, type HomePreset, type HomeTab } from "../../search/home";
import { emptyState, searchHref, type SearchState } from "../../search/url";
import { preloadSearchValidation, validateSearch } from "../../search/validate";
import { useHydrated } from "./hooks";
import { PlaceField } from "./PlaceField";
import { usePlaceFields, type PlaceValues } from "./usePlaceFields";
import { BusyButton } from "../forms/BusyButton";
import { TripForm } from "../trips/TripForm";
import { usePageContext } from "../../ops/page-context";

const TAB_LABELS: Record<HomeTab, string> = { route: "Along a route", location: "Near a place", road: "By road", trip: "Plan breaks" };

interface HomeSearchProps {
  tab: HomeTab;
  preset: HomePreset;
  roads: HomeRoad[];
}

function PresetTypes({ types }: { types: number[] }) {
  return (
    <>
      {types.map((type) => (
        <input key={type} type="hidden" name="types[]" value={type} />
      ))}
    </>
  );
}

/** The route and location forms: GET forms to /route and /location; with JavaScript checked first and sent straight to the canonical URL. */
function PlaceSearchForm({ kind, preset }: { kind: "route" | "location"; preset: HomePreset }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<PlaceValues>({ from: "", to: "", location: "", geoLocation: "", fromId: "", toId: "", locationId: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const places = usePlaceFields(values, (changes) => setValues((current) => ({ ...current, ...changes })));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const state: SearchState = { ...emptyState(kind), ...places.submitted(event.currentTarget), types: preset.types };
    const problems = await validateSearch(state);
    setErrors(problems);
    if (Object.keys(problems).length === 0) navigate(searchHref(state));
  }

  return (
    <form method="get" action={`/${kind}`} className="home-form" onSubmit={submit} onFocus={preloadSearchValidation} onPointerDown={preloadSearchValidation} noValidate>
      <PresetTypes types={preset.types} />
      {values.geoLocation ? <input type="hidden" name="geo-location" value={values.geoLocation} /> : null}
      {kind === "route" ? (
        <div className="home-form__fields">
          <PlaceField id="home-from" {...places.field("from")} label="From" placeholder="Town, city or postcode" error={errors.from} country={preset.country} currentLocation={places.control("from")} />
          <PlaceField id="home-to" {...places.field("to")} label="To" placeholder="Where are you going?" error={errors.to} country={preset.country} />
        </div>
      ) : (
        <div className="home-form__fields">
          <PlaceField id="home-location" {...places.field("location")} label="Place" placeholder="Town, city or postcode" error={errors.location ?? errors.geoLocation} country={preset.country} currentLocation={places.control("location")} />
        </div>
      )}
      <BusyButton whileNavigating pending="Searching…" className="button button--accent home-form__submit">
        {kind === "route" ? "Find stops on my route" : "Search near here"}
      </BusyButton>
    </form>
  );
}

/** What the road search form reads of a road. */
type HomeRoad = Pick<RoadOption, "id" | "name" | "slug" | "description" | "country" | "motorway">;

/** Plain text, written into HTML as it is below: keep it free of `<` and `&`. */
const ROAD_PLACEHOLDER = "Choose a motorway or road";

function RoadOptionGroups({ countries, roads }: { countries: string[]; roads: HomeRoad[] }) {
  return (
    <>
      {countries.map((country) => (
        <optgroup key={country} label={country === "france" ? "France" : "United Kingdom"}>
          {roads
            // In sign order already (the homepage's loader, directoryStats).
            .filter((road) => road.country === country)
            .map((road) => (
              <option key={road.id} value={road.id}>
                {road.name} — {road.description}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

/** The key of the road options' HTML on the server: one object for each road list (kept while its content is) and order of countries. */
const roadOptionKeys = new WeakMap<readonly HomeRoad[], Map<string, object>>();
function roadOptionsKey(roads: readonly HomeRoad[], firstCountry: string): object {
  let byOrder = roadOptionKeys.get(roads);
  if (!byOrder) roadOptionKeys.set(roads, (byOrder = new Map()));
  let key = byOrder.get(firstCountry);
  if (!key) byOrder.set(firstCountry, (key = {}));
  return key;
}

/** The road form: a GET form to the motorway search page, which sends a chosen road on to its browse page. */
function RoadSearchForm({ preset, roads }: { preset: HomePreset; roads: HomeRoad[] }) {
  const navigate = useNavigate();
  const { staticMarkup } = usePageContext();
  const [error, setError] = useState("");
  const countries = preset.country === "france" ? ["france", "united-kingdom"] : ["united-kingdom", "france"];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: a road chosen while the page was still hydrating is in the
    // select but never reached React.
    const roadId = new FormData(event.currentTarget).get("road");
    const road = roads.find((option) => String(option.id) === roadId);
    if (!road) {
      setError(SELECT_A_ROAD_MESSAGE);
      return;
    }
    navigate(searchHref({ ...emptyState("browse"), road: { country: road.country, slug: road.slug }, types: preset.types }));
  }

  return (
    <form method="get" action={preset.country === "france" ? "/motorway-search-france" : "/motorway-search"} className="home-form" onSubmit={submit} onFocus={preloadSearchValidation} onPointerDown={preloadSearchValidation} noValidate>
      <PresetTypes types={preset.types} />
      <div className={`field${error ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor="home-road">
          Road
        </label>
        <select
          id="home-road"
          name="road"
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "home-road-error" : undefined}
          onChange={() => setError("")}
          {...(staticMarkup
            ? // The 55 roads' options are the same on every homepage of this road list and order (decision 0333):
              // the server writes their HTML once; the placeholder comes first, selected as `defaultValue=""` selects it.
              { dangerouslySetInnerHTML: { __html: `<option value selected>${ROAD_PLACEHOLDER}</option>${staticMarkup(roadOptionsKey(roads, countries[0]), () => <RoadOptionGroups countries={countries} roads={roads} />)}` } }
            : {
                defaultValue: "",
                children: (
                  <>
                    <option value="">{ROAD_PLACEHOLDER}</option>
                    <RoadOptionGroups countries={countries} roads={roads} />
                  </>
                ),
              })}
        />
        {error ? (
          <p id="home-road-error" className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <BusyButton whileNavigating name="go" value="road" pending="Searching…" className="button button--accent home-form__submit">
        Show stops on this road
      </BusyButton>
    </form>
  );
}

/**
 * The homepage search (spec §2): tabs for route, location and road. The tabs are links (?tab=…) that
 * work without JavaScript, the server remembering the choice in the homepage-tab cookie; with
 * JavaScript they are ARIA tabs (arrow keys, Home, End) that set the same cookie in the browser.
 */
export function HomeSearch({ tab, preset, roads }: HomeSearchProps) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<HomeTab>(tab);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);

  function choose(next: HomeTab, focus = false) {
    setSelected(next);
    writeBrowserCookie(HOMEPAGE_TAB_COOKIE, next, HOMEPAGE_TAB_MAX_AGE_SECONDS);
    if (focus) tabs.current[HOME_TABS.indexOf(next)]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = HOME_TABS.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose(HOME_TABS[target], true);
  }

  return (
    <div className="home-search">
      <h2 className="home-search__title">Find dog-friendly stops</h2>
      <div className="home-tabs" role="tablist" aria-label="Search by">
        {HOME_TABS.map((name, index) => (
          <a
            key={name}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={`home-tab-${name}`}
            href={`${preset.path}?tab=${name}`}
            role="tab"
            className="home-tabs__tab"
            aria-selected={name === selected}
            aria-controls={`home-panel-${name}`}
            tabIndex={hydrated && name !== selected ? -1 : undefined}
            onClick={(event) => {
              event.preventDefault();
              choose(name);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {TAB_LABELS[name]}
          </a>
        ))}
      </div>
      {HOME_TABS.map((name) => (
        <div key={name} id={`home-panel-${name}`} role="tabpanel" aria-labelledby={`home-tab-${name}`} className="home-tabs__panel" hidden={name !== selected}>
          {name === "road" ? <RoadSearchForm preset={preset} roads={roads} /> : name === "trip" ? <TripForm values={{}} compact idPrefix="home-trip" /> : <PlaceSearchForm kind={name} preset={preset} />}
        </div>
      ))}
    </div>
  );
}
