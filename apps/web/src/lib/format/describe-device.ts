/** A short, readable name for a browser's user agent ("Chrome on macOS"); enough to tell sessions apart. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Chromium/', 'Chromium'],
      ['Safari/', 'Safari'],
    ].find(([marker = '']) => userAgent.includes(marker))?.[1] ?? 'Browser';
  const system = [
    ['iPhone', 'iOS'],
    ['iPad', 'iPadOS'],
    ['Android', 'Android'],
    ['Mac OS X', 'macOS'],
    ['Windows', 'Windows'],
    ['Linux', 'Linux'],
  ].find(([marker = '']) => userAgent.includes(marker))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
