// hls.js ships its light build (no subtitles, alternate audio or DRM: about 114 kB gzip instead
// of 180) without its own declarations; it is the same API as the full build.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
