/** A local initials avatar standing in for the profile image (no remote images). */
export function Avatar({ name, size = 32 }: { name: string; size?: number }) {
  const initials = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" />
      <text x="16" y="16" dy="0.35em" textAnchor="middle">
        {initials || '?'}
      </text>
    </svg>
  );
}
