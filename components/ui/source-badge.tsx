import { SOURCE_FAMILY_LABELS, SOURCE_LABELS, sourceFamilyOf, type SourceKind } from '@/lib/model/source';

/** Which agent wrote a session; the tooltip names the exact store. */
export function SourceBadge({ source }: { source: SourceKind }) {
  const family = sourceFamilyOf(source);
  return (
    <span className={`source-badge source-${family}`} data-source={family} title={`Read from ${SOURCE_LABELS[source]}`}>
      {SOURCE_FAMILY_LABELS[family]}
    </span>
  );
}
