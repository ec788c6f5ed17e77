import type { ReactNode, SVGProps } from "react";

type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & { size?: number };

/** Line icons on a 24-unit grid, drawn in currentColor. Decorative: hidden from assistive tech. */
function LineIcon({ size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function PawIcon({ size = 24, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      <path d="M12 11.5c-2.9 0-5.5 2.9-5.5 5.4 0 1.9 1.4 2.6 2.9 2.6 1.1 0 1.7-.5 2.6-.5s1.5.5 2.6.5c1.5 0 2.9-.7 2.9-2.6 0-2.5-2.6-5.4-5.5-5.4z" />
      <ellipse cx="5.2" cy="10.4" rx="1.9" ry="2.4" transform="rotate(-20 5.2 10.4)" />
      <ellipse cx="9.1" cy="6.2" rx="2" ry="2.6" transform="rotate(-8 9.1 6.2)" />
      <ellipse cx="14.9" cy="6.2" rx="2" ry="2.6" transform="rotate(8 14.9 6.2)" />
      <ellipse cx="18.8" cy="10.4" rx="1.9" ry="2.4" transform="rotate(20 18.8 10.4)" />
    </svg>
  );
}

export function WalkIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 3 6.5 11H9l-4 6h14l-4-6h2.5z" />
      <path d="M12 17v4" />
    </LineIcon>
  );
}

export function PubIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M5 9h11v6.5A4.5 4.5 0 0 1 11.5 20h-2A4.5 4.5 0 0 1 5 15.5z" />
      <path d="M16 11h1.5a2.5 2.5 0 0 1 0 5H16" />
      <path d="M8 3.5c-.6.8-.6 1.7 0 2.5M11.5 3.5c-.6.8-.6 1.7 0 2.5" />
    </LineIcon>
  );
}

export function BeachIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 11a9 8 0 0 1 18 0z" />
      <path d="M12 3v1M12 11v6" />
      <path d="M2 20.5c1.7 0 1.7-1.5 3.3-1.5s1.7 1.5 3.4 1.5 1.6-1.5 3.3-1.5 1.7 1.5 3.3 1.5 1.7-1.5 3.4-1.5 1.6 1.5 3.3 1.5" />
    </LineIcon>
  );
}

export function BusinessIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 4h16l1 5H3z" />
      <path d="M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
      <path d="M5 12v8h14v-8" />
      <path d="M10 20v-4h4v4" />
    </LineIcon>
  );
}

export function VetIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />
      <path d="M12 10.5v5M9.5 13h5" />
    </LineIcon>
  );
}

export function RoadIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M8 3 4 21M16 3l4 18" />
      <path d="M12 4v2.5M12 10.5v3M12 17.5V20" />
    </LineIcon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </LineIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </LineIcon>
  );
}

export function CompassIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </LineIcon>
  );
}
