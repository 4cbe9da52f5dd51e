import { CircleHelp, Languages, Menu } from 'lucide-react';

/**
 * The signed-in area's frame without its contents: the sidebar (wide screens) and the header
 * (phones), as AppShell lays them out, with nothing to read or press. The build writes it into
 * the HTML of the pages that have their own shell (src/core/signed-in-pages.ts), so it is painted
 * before any script runs, and the guard shows it while the session is checked (decision 231).
 * No text and no router: the build renders it without either.
 */
export function ShellFrame() {
  return (
    <div aria-hidden="true" className="flex min-h-dvh flex-col">
      <div className="flex min-h-0 flex-1">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 border-r border-border p-4 lg:flex">
          <svg viewBox="0 0 32 32" className="size-7">
            <rect width="32" height="32" rx="8" className="fill-primary" />
          </svg>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <span className="inline-flex size-9 items-center justify-center rounded-md border border-input lg:hidden">
              <Menu className="size-5" />
            </span>
            <span className="ml-auto flex items-center gap-2">
              <span className="inline-flex size-9 items-center justify-center rounded-md border border-input">
                <CircleHelp className="size-5" />
              </span>
              <span className="flex items-center gap-1.5">
                <Languages className="size-4 text-muted-foreground" />
                <span className="h-9 w-24 rounded-md border border-input" />
              </span>
              <span className="size-9 rounded-md border border-input" />
            </span>
          </header>
        </div>
      </div>
    </div>
  );
}
