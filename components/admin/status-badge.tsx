import { Badge } from '@/components/ui/badge';
import type { SourceStatus } from './types';

const tone = { pending: 'neutral', processing: 'accent', ready: 'success', failed: 'danger' } as const;
const label = { pending: 'Queued', processing: 'Ingesting', ready: 'Ready', failed: 'Failed' } as const;

export function StatusBadge({ status }: { status: SourceStatus }) {
  return (
    <Badge tone={tone[status]} data-testid="status-badge" data-status={status}>
      {label[status]}
    </Badge>
  );
}
