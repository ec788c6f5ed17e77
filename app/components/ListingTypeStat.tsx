import type { ComponentType } from "react";
import { BeachIcon, BusinessIcon, PawIcon, PubIcon, VetIcon, WalkIcon } from "./icons";
import { formatCount } from "../../kit/format";

/** How each listing type (spec §1 codes) is shown: plural label, icon and a colour theme. */
const TYPES: Partial<Record<number, { one: string; many: string; Icon: ComponentType<{ size?: number }>; theme: string }>> = {
  1: { one: "walk", many: "walks", Icon: WalkIcon, theme: "walk" },
  2: { one: "pub or café", many: "pubs & cafés", Icon: PubIcon, theme: "pub" },
  3: { one: "beach", many: "beaches", Icon: BeachIcon, theme: "beach" },
  4: { one: "member business", many: "member businesses", Icon: BusinessIcon, theme: "business" },
  5: { one: "vet", many: "vets", Icon: VetIcon, theme: "vet" },
};

export function ListingTypeStat({ typeId, name, count }: { typeId: number; name: string; count: number }) {
  const type = TYPES[typeId] ?? { one: name, many: name, Icon: PawIcon, theme: "other" };
  const Icon = type.Icon;
  return (
    <li className={`stat-card stat-card--${type.theme}`}>
      <span className="stat-card__icon">
        <Icon size={28} />
      </span>
      <span className="stat-card__count">{formatCount(count)}</span>
      <span className="stat-card__label">{count === 1 ? type.one : type.many}</span>
    </li>
  );
}
