import { useNavigate } from "@remix-run/react";
import { useRef } from "react";
import { searchHref, type SearchState } from "../../search/url";
import { useChoicesMadeBeforeHydration, useHydrated } from "./hooks";

interface JunctionPickerProps {
  state: SearchState;
  junctions: { number: string; label: string }[];
}

/**
 * Choose one junction of the road. A GET form to the road's page (the server sends ?junction=40 on to
 * /browse/road/…/junction-40, keeping the other filters); with JavaScript the choice navigates at once.
 */
export function JunctionPicker({ state, junctions }: JunctionPickerProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const select = useRef<HTMLSelectElement>(null);
  // A junction chosen before the page hydrated is gone to now (the form's Show button goes once it has).
  useChoicesMadeBeforeHydration(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && chosen !== state.junction) navigate(searchHref({ ...state, junction: chosen, page: 1 }));
  });
  if (!state.road || junctions.length === 0) return null;
  const wholeRoad = searchHref({ ...state, junction: "", page: 1 });
  const [action, query = ""] = wholeRoad.split("?");
  const kept = [...new URLSearchParams(query)];

  return (
    <form method="get" action={action} className="junction-picker">
      {kept.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label className="field__label" htmlFor="junction-picker">
        Junction
      </label>
      <div className="junction-picker__row">
        <select
          ref={select}
          id="junction-picker"
          name="junction"
          className="field__input"
          value={state.junction}
          onChange={(event) => navigate(searchHref({ ...state, junction: event.target.value, page: 1 }))}
        >
          <option value="">All junctions</option>
          {junctions.map((junction) => (
            <option key={junction.number} value={junction.number}>
              {junction.label}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className="button button--quiet">
            Show
          </button>
        )}
      </div>
    </form>
  );
}

