import type { SVGProps } from 'react';

/** A handful of stroke icons drawn inline: no icon package is installed and these are all we need. */
function make(paths: string[]) {
  return function IconSvg(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        width="1em"
        height="1em"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const MenuIcon = make(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const CloseIcon = make(['M18 6 6 18', 'M6 6l12 12']);
export const CheckIcon = make(['M20 6 9 17l-5-5']);
export const EyeIcon = make(['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z', 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z']);
export const EyeOffIcon = make([
  'M3 3l18 18',
  'M10.6 6.1A10.9 10.9 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9',
  'M6.6 6.6A17 17 0 0 0 2 12s3.5 6 10 6a10 10 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
]);
export const ChevronDownIcon = make(['m6 9 6 6 6-6']);
export const CalendarIcon = make([
  'M8 2v4',
  'M16 2v4',
  'M3 10h18',
  'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
]);
export const BoxIcon = make(['M21 8 12 3 3 8v8l9 5 9-5V8Z', 'M3 8l9 5 9-5', 'M12 13v8']);
export const UsersIcon = make([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  'M22 21v-2a4 4 0 0 0-3-3.9',
  'M16 3.1a4 4 0 0 1 0 7.8',
]);
export const ChartIcon = make(['M3 3v18h18', 'M7 15l4-4 3 3 5-6']);
export const ClockIcon = make(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z', 'M12 6v6l4 2']);
export const HomeIcon = make(['M3 11l9-8 9 8', 'M5 10v10h14V10']);
export const SettingsIcon = make([
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z',
]);
export const ShieldIcon = make(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z']);
export const BoltIcon = make(['M13 2 3 14h9l-1 8 10-12h-9l1-8Z']);
export const LayersIcon = make(['m12 2 10 5-10 5L2 7l10-5Z', 'm2 17 10 5 10-5', 'm2 12 10 5 10-5']);
export const DollarIcon = make(['M12 2v20', 'M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6']);
export const ArrowLeftIcon = make(['M19 12H5', 'm12 19-7-7 7-7']);
export const PencilIcon = make(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z']);
export const TrashIcon = make(['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6']);
