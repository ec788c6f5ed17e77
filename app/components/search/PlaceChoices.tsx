import type { PlaceChoice } from "../../search/results.types";

const FIELD_WORDS: Record<PlaceChoice["field"], string> = { location: "near", from: "from", to: "to" };

/**
 * "Did you mean…": a typed place name that is several places (no suggestion was chosen). Says which
 * place the results are for and links the same search for each of the others; works without JavaScript.
 */
export function PlaceChoices({ choices }: { choices: PlaceChoice[] }) {
  if (choices.length === 0) return null;
  return (
    <aside className="place-choices" aria-labelledby="place-choices-title">
      <h2 id="place-choices-title" className="place-choices__title">
        Did you mean…
      </h2>
      {choices.map((choice) => {
        const taken = choice.options.find((option) => option.taken);
        const others = choice.options.filter((option) => !option.taken);
        return (
          <div key={choice.field} className="place-choices__field">
            <p className="place-choices__text">
              “{choice.typed}” is more than one place.{" "}
              {taken ? (
                <>
                  These results are {FIELD_WORDS[choice.field]} <strong>{taken.label}</strong>. Or choose:
                </>
              ) : (
                "Choose one:"
              )}
            </p>
            <ul className="place-choices__list">
              {others.map((option) => (
                <li key={option.href}>
                  <a href={option.href}>{option.label}</a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </aside>
  );
}
