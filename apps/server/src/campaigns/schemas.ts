// Reading the Instant of the configuration format (@morsel/api: epoch ms or ISO 8601 text).

export function instantMs(value: number | string): number {
  return typeof value === 'number' ? value : Date.parse(value);
}
