import type { z } from 'zod';
import { atMostMessage, requiredMessage, tooLongMessage } from './messages.js';

/**
 * The words a person would write for a field that failed a check no schema gave its own
 * message to: 'Offer amount is required', 'Bedrooms must be a number', never the validator's
 * 'Invalid input: expected number, received undefined'. Installed once with
 * `z.config({ customError: humanIssueMessage })`; a message written in a schema always wins.
 */

const FORMATS: Record<string, string> = {
  email: 'a valid e-mail address',
  url: 'a valid web address',
  uuid: 'a valid id',
  guid: 'a valid id',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time',
  regex: 'in the expected format',
};

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  file: 'a file',
};

/** `offerAmount` -> 'Offer amount'; `_id` -> 'Id'; the body itself -> 'The request'. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part) => typeof part === 'string');
  if (typeof key !== 'string') return path && path.length > 0 ? 'Each item' : 'The request';
  const words = key
    .replace(/^_+/, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'This field';
}

const listOf = (values: readonly unknown[]) =>
  values.length <= 8
    ? values.map((value) => String(value)).join(', ')
    : `${values.slice(0, 8).map(String).join(', ')}, ...`;

export function humanIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const label = fieldLabel(issue.path);
  const raw = issue as z.core.$ZodRawIssue & Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return requiredMessage(label);
      return `${label} must be ${KINDS[String(raw.expected)] ?? 'of another kind'}`;
    case 'invalid_value':
      return `${label} must be one of: ${listOf((raw.values as unknown[]) ?? [])}`;
    case 'invalid_format':
      return `${label} must be ${FORMATS[String(raw.format)] ?? 'in the expected format'}`;
    case 'too_small': {
      const minimum = raw.minimum as number;
      if (raw.origin === 'string') {
        return minimum <= 1
          ? requiredMessage(label)
          : `${label} must be at least ${minimum} characters`;
      }
      if (raw.origin === 'array' || raw.origin === 'set') {
        return `${label} must have at least ${minimum} item${minimum === 1 ? '' : 's'}`;
      }
      return `${label} must be ${raw.inclusive === false ? 'more than' : 'at least'} ${minimum}`;
    }
    case 'too_big': {
      const maximum = raw.maximum as number;
      if (raw.origin === 'string') return tooLongMessage(label, maximum);
      if (raw.origin === 'array' || raw.origin === 'set') {
        return `${label} must have at most ${maximum} item${maximum === 1 ? '' : 's'}`;
      }
      return raw.inclusive === false
        ? `${label} must be less than ${maximum}`
        : atMostMessage(label, maximum);
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(raw.divisor)}`;
    case 'unrecognized_keys':
      return `${label} has fields that are not allowed: ${listOf((raw.keys as unknown[]) ?? [])}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return `${label} is not valid`;
    default:
      return `${label} is not valid`;
  }
}
