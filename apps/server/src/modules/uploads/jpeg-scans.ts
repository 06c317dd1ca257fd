/**
 * The most scans a JPEG may hold. A baseline JPEG has one; cameras, editors and libjpeg's
 * progressive mode write about ten. Each scan makes the decoder go over the whole picture again,
 * so a small file of thousands of scans keeps a core busy for minutes.
 */
export const MAX_JPEG_SCANS = 100;

const SOS = 0xda;
const EOI = 0xd9;
/** Markers that stand alone, without a length: TEM, the restart markers, SOI and EOI. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/**
 * How many scans (start-of-scan segments) a JPEG holds, counted from its markers without
 * decoding anything; counting stops once past `max`. A file whose markers cannot be followed
 * counts the scans found so far: the decoder refuses it anyway.
 */
export function jpegScanCount(jpeg: Buffer, max = MAX_JPEG_SCANS): number {
  let scans = 0;
  let at = 2; // after SOI
  while (at + 1 < jpeg.length) {
    if (jpeg[at] !== 0xff) return scans;
    const marker = jpeg[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // a fill byte before a marker
      continue;
    }
    if (marker === EOI) return scans;
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    if (at + 3 >= jpeg.length) return scans;
    at += 2 + jpeg.readUInt16BE(at + 2);
    if (marker !== SOS) continue;
    scans += 1;
    if (scans > max) return scans;
    // The scan's coded data runs to the next marker: 0xFF followed by anything but a stuffed
    // zero or a restart marker.
    for (;;) {
      at = jpeg.indexOf(0xff, at);
      if (at < 0) return scans;
      const next = jpeg[at + 1];
      if (next === undefined) return scans;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
      else break;
    }
  }
  return scans;
}
