/*
 * iCalendar files (RFC 5545) that calendar programs accept: an open house a buyer downloads, and
 * a viewing tour's invitation (RFC 5546: REQUEST, then CANCEL, one UID and a growing SEQUENCE). Text is escaped, lines are folded at 75 octets without splitting a
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

function calendar(productName: string, product: string, method: string, event: string[]) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(productName)}//${product}//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    ...event,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

function eventLines(event: CalendarEvent, now: Date) {
  return [
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
  ];
}

/** A calendar of one event to be downloaded and added (`METHOD:PUBLISH`). */
export function publishedEvent(event: CalendarEvent, now: Date, productName: string): string {
  return calendar(productName, 'Open houses', 'PUBLISH', [
    ...eventLines(event, now),
    'TRANSP:OPAQUE',
  ]);
}

export interface CalendarPerson {
  name: string;
  email: string;
}

/** A meeting between an organizer and one attendee, sent as an invitation and its updates. */
export interface Invitation extends CalendarEvent {
  /** One more with every change, so a calendar takes the newest copy. */
  sequence: number;
  /** TENTATIVE while a proposed time waits for an answer. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  organizer: CalendarPerson;
  attendee: CalendarPerson;
}

/** The buyer asked for the time; a proposed one waits for their answer. */
const ATTENDANCE: Record<Invitation['status'], string> = {
  CONFIRMED: 'ACCEPTED',
  TENTATIVE: 'NEEDS-ACTION',
  CANCELLED: 'DECLINED',
};

/** A CAL-ADDRESS with its common name: `CN="Ann Lee":mailto:ann@example.com`. */
const calAddress = (person: CalendarPerson) =>
  `CN="${person.name.replace(/["\\\r\n]/g, ' ')}":mailto:${person.email}`;

/**
 * The invitation as it stands: `REQUEST` for a meeting that is on (or proposed), `CANCEL` for one
 * that is off; calendar programs match it to earlier copies by UID and keep the highest SEQUENCE.
 */
export function invitation(
  event: Invitation,
  method: 'REQUEST' | 'CANCEL',
  now: Date,
  productName: string,
): string {
  return calendar(productName, 'Tours', method, [
    ...eventLines(event, now),
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `ORGANIZER;${calAddress(event.organizer)}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${ATTENDANCE[event.status]};${calAddress(event.attendee)}`,
    `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
  ]);
}
