'use client';

import { usePathname } from 'next/navigation';
import { DownloadIcon } from '@/components/ui/icons';

/** Downloads the open conversation as a Markdown transcript, with the passages its replies cite. */
export function ExportLink() {
  const pathname = usePathname();
  const id = pathname.startsWith('/c/') ? pathname.slice(3) : null;
  if (!id) return null;
  return (
    <a
      href={`/api/conversations/${encodeURIComponent(id)}?format=markdown`}
      download
      data-testid="export-conversation"
      title="Download as Markdown"
      className="ml-auto inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm text-muted hover:bg-surface-2 hover:text-fg"
    >
      <DownloadIcon width={16} height={16} />
      <span className="max-sm:sr-only">Export</span>
    </a>
  );
}
