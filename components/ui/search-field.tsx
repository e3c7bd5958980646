import { SearchIcon } from './icons';

/** How long typing pauses before a search box's search goes out. */
export const SEARCH_DELAY_MS = 200;

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, e.g. "Search sources". */
  label: string;
  placeholder: string;
  testId: string;
  /** Placement and width of the field's box (the icon sits inside it). */
  className?: string;
}

/** A search box with its magnifier: the filters of the sidebar and the sources table. */
export function SearchField({ value, onChange, label, placeholder, testId, className = '' }: SearchFieldProps) {
  return (
    <div className={`relative ${className}`} role="search">
      <SearchIcon
        width={15}
        height={15}
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={200}
        placeholder={placeholder}
        aria-label={label}
        data-testid={testId}
        className="h-9 w-full rounded-lg border border-border bg-bg pl-8 pr-2 text-sm outline-none placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-ring/30"
      />
    </div>
  );
}
