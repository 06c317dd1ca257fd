/*
 * iCalendar files (RFC 5545) that calendar programs accept: an open house a buyer downloads now,
 * viewings' invitations later. Text is escaped, lines are folded at 75 octets without splitting a
 * character, lines end in CRLF, and times are written in UTC.
 */

export interface CalendarEvent {
  /** Stable across every copy of the same event, so a calendar updates it rather than adding one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
}

/** `20261205T180000Z`: a UTC date-time as iCalendar writes it. */
export const utcDateTime = (instant: Date) =>
  `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** A TEXT value: backslashes, semicolons, commas and line breaks escaped. */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A content line folded into lines of at most 75 octets, each continued by a space. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (pieces.length === 0 ? 75 : 74)) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** A calendar of one event to be downloaded and added (`METHOD:PUBLISH`). */
export function publishedEvent(event: CalendarEvent, now: Date, productName: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(productName)}//Open houses//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
