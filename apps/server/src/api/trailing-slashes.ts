// Trailing slashes off a path or an origin built from a request ('/' stays), by a loop rather than
// /\/+$/: that pattern backtracks over a run of slashes, and a 16 kB URL or Host header of them
// cost about 0.35 s of CPU per request.

export function withoutTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 1 && value.charCodeAt(end - 1) === 47 /* / */) end--;
  return value.slice(0, end);
}
