// How the live pages name a session's state.
export const STATE_TEXT = {
  live: '直播中',
  upcoming: '预告',
  replay: '回放',
} as const;
