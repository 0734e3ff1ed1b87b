/**
 * A readable name for a browser's user agent: 'Firefox on Linux'. Sessions and push devices are
 * named the same way, in the browser and on the server.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) {
    return 'Unknown device';
  }
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? 'Browser';
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? 'an unknown system';
  return `${browser} on ${system}`;
}
