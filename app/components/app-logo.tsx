export function AppLogo({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" className="fill-brand-600" />
      <circle cx="32" cy="34" r="13" fill="none" stroke="white" strokeWidth="5" />
      <rect x="20" y="13" width="24" height="8" rx="3" fill="white" />
      <circle cx="32" cy="34" r="4" fill="white" />
    </svg>
  );
}
