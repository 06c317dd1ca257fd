import { describe, expect, it } from 'vitest';
import { destructiveStatements } from './destructive-statements.js';

const reasonsFor = (migration: string) =>
  destructiveStatements(migration).map((found) => found.reason);

describe('the expand/contract check of a migration', () => {
  it('finds each kind of destructive statement as drizzle-kit writes them', () => {
    const contract = [
      'DROP TABLE "saved_searches" CASCADE;--> statement-breakpoint',
      'ALTER TABLE "properties" DROP COLUMN "legacy_price";--> statement-breakpoint',
      'ALTER TABLE "reviews" RENAME COLUMN "text" TO "body";--> statement-breakpoint',
      'ALTER TABLE "offers" RENAME TO "bids";--> statement-breakpoint',
      'ALTER TABLE "properties" ALTER COLUMN "bedrooms" SET DATA TYPE smallint;--> statement-breakpoint',
      'alter table users alter column phone type varchar(40);--> statement-breakpoint',
      'ALTER TABLE "users" ALTER COLUMN "country" SET NOT NULL;--> statement-breakpoint',
      'ALTER TABLE "payments" ADD COLUMN "currency" text NOT NULL;',
    ].join('\n');
    expect(reasonsFor(contract)).toEqual([
      'drops the table saved_searches',
      'drops a column of properties',
      'renames what the previous release names',
      'renames what the previous release names',
      'changes the type of properties.bedrooms',
      'changes the type of users.phone',
      "makes users.country required without a default: the previous release's inserts leave it out",
      "adds payments.currency required without a default: the previous release's inserts leave it out",
    ]);
  });

  it('lets expanding statements through, and a table the migration made itself', () => {
    const expand = `
      -- A new table, filled and reshaped by the migration that makes it.
      CREATE TABLE "alerts" ("id" uuid PRIMARY KEY, "kind" text);--> statement-breakpoint
      ALTER TABLE "alerts" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
      ALTER TABLE "properties" ADD COLUMN "floor" integer;--> statement-breakpoint
      ALTER TABLE "properties" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
      ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
      ALTER TABLE "users" ALTER COLUMN "locale" SET NOT NULL;--> statement-breakpoint
      ALTER TABLE "offers" ALTER COLUMN "note" SET DEFAULT '';--> statement-breakpoint
      ALTER TABLE "offers" ALTER COLUMN "note" SET NOT NULL;--> statement-breakpoint
      ALTER TABLE "offers" ALTER COLUMN "note" DROP DEFAULT, DROP CONSTRAINT "offers_note_check";--> statement-breakpoint
      ALTER TABLE "offers" ADD CONSTRAINT "offers_amount_positive" CHECK ("amount" > 0) NOT VALID;--> statement-breakpoint
      CREATE INDEX IF NOT EXISTS "properties_floor_idx" ON "properties" ("floor");--> statement-breakpoint
      CREATE TEMPORARY TABLE "city_centres" ("place" text PRIMARY KEY);--> statement-breakpoint
      DROP TABLE "city_centres";--> statement-breakpoint
      DROP INDEX IF EXISTS "properties_old_idx";`;
    expect(reasonsFor(expand)).toEqual([]);
  });
});
