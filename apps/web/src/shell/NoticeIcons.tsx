// Small inline icons for Notice: no emoji (phones without an emoji font draw boxes) and no
// image requests (the notice must show even when the network failed).
const common = {
  width: 40,
  height: 40,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function LockIcon() {
  return (
    <svg {...common}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      <path d="M12 15v2" />
    </svg>
  );
}

export function OfflineIcon() {
  return (
    <svg {...common}>
      <path d="M2 8.5a15 15 0 0 1 4.5-2.8M10 4.6A15 15 0 0 1 22 8.5" />
      <path d="M5.5 12a10 10 0 0 1 4-2.2M14.5 9.9A10 10 0 0 1 18.5 12" />
      <path d="M9 15.5a5 5 0 0 1 6 0" />
      <path d="M12 19h.01" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

export function ErrorIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5" />
      <path d="M12 16.5h.01" />
    </svg>
  );
}
