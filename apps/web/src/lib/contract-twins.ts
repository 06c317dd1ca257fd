import type { MessageResponse, ZUnreadCount as UnreadCountSchema } from '@keyhaven/shared';
import * as v from 'valibot';
import type { z } from 'zod';

/*
 * The web checks API answers with valibot twins of the zod contract schemas in @keyhaven/shared:
 * valibot is small and tree-shakes down to the checks in use, which keeps the first download
 * small, where zod's core alone would add about 14 KB gzip to it.
 */

/** Exactly `Contract`, or `never` when the twin drifts from it in either direction. */
export type Exactly<Twin, Contract> = [Twin] extends [Contract]
  ? [Contract] extends [Twin]
    ? Contract
    : never
  : never;

/**
 * The type a twin of `Contract` is declared with: what it takes in and what it gives back must
 * both be exactly the contract's type, so any drift (a field left optional, a value missing from
 * a list, a field more or less) makes the twin unassignable to it, a compile error.
 */
export type ContractTwin<Twin extends v.GenericSchema, Contract> = v.GenericSchema<
  Exactly<v.InferInput<Twin>, Contract>,
  Exactly<v.InferOutput<Twin>, Contract>
>;

/** The twin of a list in the contract (`ZPropertyList`...): an array of its items' twin. */
export type ListTwin<
  ItemTwin extends v.GenericSchema,
  Contract extends readonly unknown[],
> = ContractTwin<v.ArraySchema<ItemTwin, undefined>, Contract>;

const messageTwin = v.object({ message: v.string() });
/** The `{ message }` answer of most changes (`ZMessageResponse` in @keyhaven/shared). */
export const ZMessageResponse: ContractTwin<typeof messageTwin, MessageResponse> = messageTwin;

const unreadCountTwin = v.object({ unread: v.number() });
/** `{ unread }`: how many notifications, or messages, the signed-in person has not read. */
export const ZUnreadCount: ContractTwin<
  typeof unreadCountTwin,
  z.infer<typeof UnreadCountSchema>
> = unreadCountTwin;
