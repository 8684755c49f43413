import { describe, expect, it } from 'vitest';
import { compareVersions, installedState, platformOf } from './platform.ts';

describe('the version page', () => {
  it('opens on the visitor’s platform, iOS when it cannot tell', () => {
    expect(platformOf({ os: 'Android' })).toBe('android');
    expect(platformOf({ os: 'iOS' })).toBe('ios');
    expect(platformOf({ os: 'other' })).toBe('ios');
  });

  it('compares versions by number, not by text', () => {
    expect(compareVersions('5.10.0', '5.9.2')).toBeGreaterThan(0);
    expect(compareVersions('5.8', '5.8.0')).toBe(0);
    expect(compareVersions('4.12.251', '5.0')).toBeLessThan(0);
  });

  it('tells an app user whether they are up to date, behind or no longer supported', () => {
    expect(installedState('5.8.0', '5.8.0', '4.0.0')).toBe('latest');
    expect(installedState('4.12.251', '5.8.0', '4.0.0')).toBe('behind');
    expect(installedState('3.9.9', '5.8.0', '4.0.0')).toBe('unsupported');
    expect(installedState('3.9.9', '5.8.0', '')).toBe('behind');
    expect(installedState(undefined, '5.8.0', '4.0.0')).toBe('none');
    expect(installedState('dev-build', '5.8.0', '4.0.0')).toBe('none');
  });
});
